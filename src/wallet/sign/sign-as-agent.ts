import {
  serializeErc6492Signature,
  type Hex,
  type LocalAccount,
  type SignableMessage,
  type TypedDataDefinition,
} from 'viem';
import { HomeError } from '../../protocol/errors';
import type { SmartAgent } from '../accounts/smart-agent';

/**
 * Signing as a Smart Agent: the owner key signs (a HybridDeleGator checks its owner's ECDSA signature), and the
 * signature is ERC-6492-wrapped with the account's deployment, so it verifies whether or not the account is deployed
 * on the verifier's chain (DESIGN §10). Redemption unwraps it before it goes on chain.
 */
export function wrapForAgent(agent: SmartAgent, signature: Hex): Hex {
  return serializeErc6492Signature({ address: agent.factory, data: agent.factoryData, signature });
}

function checkOwner(owner: LocalAccount, agent: SmartAgent): void {
  if (owner.address.toLowerCase() !== agent.owner.toLowerCase()) {
    throw new HomeError('WRONG_KEY', `This key does not own the Smart Agent ${agent.address}.`);
  }
}

export async function signTypedDataAsAgent(
  owner: LocalAccount,
  agent: SmartAgent,
  typedData: TypedDataDefinition,
): Promise<Hex> {
  checkOwner(owner, agent);
  if (owner.signTypedData === undefined) throw new HomeError('WRONG_KEY', 'This key cannot sign typed data.');
  return wrapForAgent(agent, await owner.signTypedData(typedData));
}

export async function signMessageAsAgent(
  owner: LocalAccount,
  agent: SmartAgent,
  message: SignableMessage,
): Promise<Hex> {
  checkOwner(owner, agent);
  if (owner.signMessage === undefined) throw new HomeError('WRONG_KEY', 'This key cannot sign messages.');
  return wrapForAgent(agent, await owner.signMessage({ message }));
}
