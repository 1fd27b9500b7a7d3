import { EntryPoint } from '@metamask/delegation-abis';
import { decodeEventLog, encodeFunctionData, type Hex, type LocalAccount, type TransactionReceipt } from 'viem';
import { getUserOperationHash } from 'viem/account-abstraction';
import { HomeError } from '../../protocol/errors';
import { sendFromLocalAccount } from '../chain/send-transaction';
import type { WalletChain } from '../chain/wallet-chain';
import type { SignedAccountOperation } from './account-operation';

/**
 * Submits a signed account operation through the EntryPoint from any funded key (the harness agent). The EntryPoint
 * mines even when the account's call fails, so success is read from the UserOperationEvent for *this* operation's
 * hash (viem's `getUserOperationHash`, EntryPoint v0.7), and a failure is thrown in words with the account's revert
 * data.
 */
export async function submitAccountOperation(
  chain: WalletChain,
  operation: SignedAccountOperation,
  submitter: LocalAccount,
): Promise<{ transactionHash: Hex; receipt: TransactionReceipt }> {
  const entryPoint = chain.environment.EntryPoint;
  const userOpHash = getUserOperationHash({
    chainId: chain.chainId,
    entryPointAddress: entryPoint,
    entryPointVersion: '0.7',
    userOperation: operation.userOperation,
  });
  const data = encodeFunctionData({
    abi: EntryPoint,
    functionName: 'handleOps',
    args: [[operation.packed], submitter.address],
  });
  const { hash, receipt } = await sendFromLocalAccount(chain, submitter, { to: entryPoint, data });
  let success = false;
  let revertReason: Hex | undefined;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== entryPoint.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: EntryPoint, data: log.data, topics: log.topics });
      if (event.eventName === 'UserOperationEvent' && event.args.userOpHash === userOpHash)
        success = event.args.success;
      if (event.eventName === 'UserOperationRevertReason' && event.args.userOpHash === userOpHash)
        revertReason = event.args.revertReason;
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
