import { Implementation, type DeleGatorEnvironment } from '@metamask/delegation-toolkit';
import { getCounterfactualAccountData } from '@metamask/delegation-toolkit/utils';
import { concat, getAddress, type Address, type Hex } from 'viem';
import { HOME_ENVIRONMENT } from '../deploy/environment';

/**
 * A person's (or an organization's) Smart Agent: a MetaMask HybridDeleGator owned by an owner key, at the CREATE2
 * address the SimpleFactory gives (owner, salt) — known before it is deployed (DESIGN §2). `factory` and
 * `factoryData` deploy it; they are also what an ERC-6492 signature carries while it is counterfactual.
 */
export type SmartAgent = {
  address: Address;
  owner: Address;
  salt: Hex;
  factory: Address;
  factoryData: Hex;
};

/** The Smart Agent of (owner, salt) on a framework deployment (the deterministic one by default). */
export async function smartAgentOf(
  owner: Address,
  salt: Hex,
  environment: DeleGatorEnvironment = HOME_ENVIRONMENT,
): Promise<SmartAgent> {
  const { address, factoryData } = await getCounterfactualAccountData({
    factory: environment.SimpleFactory,
    implementations: environment.implementations,
    implementation: Implementation.Hybrid,
    deployParams: [owner, [], [], []],
    deploySalt: salt,
  });
  return {
    address: getAddress(address),
    owner: getAddress(owner),
    salt,
    factory: environment.SimpleFactory,
    factoryData,
  };
}

/** The ERC-4337 v0.7 `initCode` (factory ‖ factoryData) that deploys the account inside a user operation. */
export function initCodeOf(agent: SmartAgent): Hex {
  return concat([agent.factory, agent.factoryData]);
}
