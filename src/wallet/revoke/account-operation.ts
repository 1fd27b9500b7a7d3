import { EntryPoint } from '@metamask/delegation-abis';
import { type Hex, type LocalAccount, type TypedDataDefinition } from 'viem';
import { toPackedUserOperation, type PackedUserOperation, type UserOperation } from 'viem/account-abstraction';
import { readContract } from 'viem/actions';
import { HomeError } from '../../protocol/errors';
import { isDeployed } from '../accounts/is-deployed';
import type { SmartAgent } from '../accounts/smart-agent';
import type { WalletChain } from '../chain/wallet-chain';

/** A user operation as signed (ERC-4337 v0.7), and packed as `EntryPoint.handleOps` takes it. */
export type SignedAccountOperation = { userOperation: UserOperation<'0.7'>; packed: PackedUserOperation };

/**
 * What a DeleGator account checks its owner signed for a user operation: EIP-712 over the packed operation and the
 * EntryPoint, in the account's own domain (DeleGatorCore's PACKED_USER_OP_TYPEHASH; a test holds this hash equal to
 * the deployed account's `getPackedUserOperationTypedDataHash`). Not the EntryPoint's userOpHash.
 */
export const PACKED_USER_OPERATION_TYPES = {
  PackedUserOperation: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterAndData', type: 'bytes' },
    { name: 'entryPoint', type: 'address' },
  ],
} as const;

/** The typed data an account's owner signs for `packed` on this chain. */
export function accountOperationTypedData(
  chain: WalletChain,
  packed: PackedUserOperation,
  account: Hex,
): TypedDataDefinition {
  const { signature: _unsigned, ...message } = packed;
  return {
    domain: { chainId: chain.chainId, name: 'HybridDeleGator', version: '1', verifyingContract: account },
    types: PACKED_USER_OPERATION_TYPES,
    primaryType: 'PackedUserOperation',
    message: { ...message, entryPoint: chain.environment.EntryPoint },
  } as TypedDataDefinition;
}

/**
 * A call made *as* the Smart Agent (only the account may disable its own delegations): a user operation the owner
 * signs, deploying the account in the same operation when it is counterfactual. Its gas price is zero, so the
 * account needs no ether: whoever submits it through the EntryPoint pays the transaction (DESIGN §3: "offline, the
 * extension submits it itself"). Packing is viem's `toPackedUserOperation`.
 */
export async function signAccountOperation(
  chain: WalletChain,
  p: { owner: LocalAccount; agent: SmartAgent; callData: Hex },
): Promise<SignedAccountOperation> {
  if (p.owner.address.toLowerCase() !== p.agent.owner.toLowerCase())
    throw new HomeError('WRONG_KEY', `This key does not own the Smart Agent ${p.agent.address}.`);
  if (p.owner.signTypedData === undefined) throw new HomeError('WRONG_KEY', 'This key cannot sign typed data.');
  const deployed = await isDeployed(chain, p.agent.address);
  const nonce = await readContract(chain.client, {
    address: chain.environment.EntryPoint,
    abi: EntryPoint,
    functionName: 'getNonce',
    args: [p.agent.address, 0n],
  });
  const unsigned: UserOperation<'0.7'> = {
    sender: p.agent.address,
    nonce,
    ...(deployed ? {} : { factory: p.agent.factory, factoryData: p.agent.factoryData }),
    callData: p.callData,
    verificationGasLimit: deployed ? 300_000n : 1_500_000n,
    callGasLimit: 500_000n,
    preVerificationGas: 50_000n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
    signature: '0x',
  };
  const signature = await p.owner.signTypedData(
    accountOperationTypedData(chain, toPackedUserOperation(unsigned), p.agent.address),
  );
  const userOperation = { ...unsigned, signature };
  return { userOperation, packed: toPackedUserOperation(userOperation) };
}
