import { EntryPoint } from '@metamask/delegation-abis';
import { SIGNABLE_USER_OP_TYPED_DATA } from '@metamask/delegation-toolkit/utils';
import { concat, pad, toHex, type Hex, type LocalAccount, type TypedDataDefinition } from 'viem';
import { readContract } from 'viem/actions';
import { HomeError } from '../../protocol/errors';
import { isDeployed } from '../accounts/is-deployed';
import { initCodeOf, type SmartAgent } from '../accounts/smart-agent';
import type { WalletChain } from '../chain/wallet-chain';

/** ERC-4337 v0.7 PackedUserOperation, as EntryPoint.handleOps takes it. */
export type PackedUserOperation = {
  sender: Hex;
  nonce: bigint;
  initCode: Hex;
  callData: Hex;
  accountGasLimits: Hex;
  preVerificationGas: bigint;
  gasFees: Hex;
  paymasterAndData: Hex;
  signature: Hex;
};

const CALL_GAS = 500_000n;

/**
 * A call made *as* the Smart Agent (only the account may disable its own delegations): a user operation the owner
 * signs (EIP-712 in the HybridDeleGator's domain, as the toolkit signs it), deploying the account in the same
 * operation when it is counterfactual. Its gas price is zero, so the account needs no ether: whoever submits it
 * through the EntryPoint pays the transaction (DESIGN §3: "offline, the extension submits it itself").
 */
export async function signAccountOperation(
  chain: WalletChain,
  p: { owner: LocalAccount; agent: SmartAgent; callData: Hex },
): Promise<PackedUserOperation> {
  if (p.owner.address.toLowerCase() !== p.agent.owner.toLowerCase())
    throw new HomeError('WRONG_KEY', `This key does not own the Smart Agent ${p.agent.address}.`);
  if (p.owner.signTypedData === undefined) throw new HomeError('WRONG_KEY', 'This key cannot sign typed data.');
  const deployed = await isDeployed(chain, p.agent.address);
  const nonce = await readContract(chain.client, {
    address: chain.environment.EntryPoint,
    abi: EntryPoint.abi,
    functionName: 'getNonce',
    args: [p.agent.address, 0n],
  });
  const verificationGas = deployed ? 300_000n : 1_500_000n;
  const unsigned: PackedUserOperation = {
    sender: p.agent.address,
    nonce,
    initCode: deployed ? '0x' : initCodeOf(p.agent),
    callData: p.callData,
    accountGasLimits: concat([pad(toHex(verificationGas), { size: 16 }), pad(toHex(CALL_GAS), { size: 16 })]),
    preVerificationGas: 50_000n,
    gasFees: concat([pad(toHex(0n), { size: 16 }), pad(toHex(0n), { size: 16 })]),
    paymasterAndData: '0x',
    signature: '0x',
  };
  const { signature: _unused, ...message } = unsigned;
  const typedData = {
    domain: { chainId: chain.chainId, name: 'HybridDeleGator', version: '1', verifyingContract: p.agent.address },
    types: SIGNABLE_USER_OP_TYPED_DATA,
    primaryType: 'PackedUserOperation',
    message: { ...message, entryPoint: chain.environment.EntryPoint },
  } as TypedDataDefinition;
  return { ...unsigned, signature: await p.owner.signTypedData(typedData) };
}
