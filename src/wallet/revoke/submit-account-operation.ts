import { EntryPoint } from '@metamask/delegation-abis';
import { decodeEventLog, encodeFunctionData, type Hex, type LocalAccount, type TransactionReceipt } from 'viem';
import { HomeError } from '../../protocol/errors';
import { sendFromLocalAccount } from '../chain/send-transaction';
import type { WalletChain } from '../chain/wallet-chain';
import type { PackedUserOperation } from './account-operation';

/**
 * Submits a signed account operation through the EntryPoint from any funded key (the harness agent). The EntryPoint
 * mines even when the account's call fails, so success is read from its UserOperationEvent, and a failure is thrown
 * in words with the account's revert data.
 */
export async function submitAccountOperation(
  chain: WalletChain,
  operation: PackedUserOperation,
  submitter: LocalAccount,
): Promise<{ transactionHash: Hex; receipt: TransactionReceipt }> {
  const data = encodeFunctionData({
    abi: EntryPoint.abi,
    functionName: 'handleOps',
    args: [[operation], submitter.address],
  });
  const { hash, receipt } = await sendFromLocalAccount(chain, submitter, { to: chain.environment.EntryPoint, data });
  let success = false;
  let revertReason: Hex | undefined;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== chain.environment.EntryPoint.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: EntryPoint.abi, data: log.data, topics: log.topics });
      if (event.eventName === 'UserOperationEvent') success = event.args.success;
      if (event.eventName === 'UserOperationRevertReason') revertReason = event.args.revertReason;
    } catch {
      // another event of the EntryPoint
    }
  }
  if (receipt.status !== 'success' || !success) {
    throw new HomeError(
      'ACCOUNT_OPERATION_FAILED',
      `The Smart Agent's operation failed on chain (transaction ${hash}).`,
      {
        details: { transactionHash: hash, revertReason: revertReason ?? null },
      },
    );
  }
  return { transactionHash: hash, receipt };
}
