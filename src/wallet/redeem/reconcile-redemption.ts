import type { TransactionReceipt } from 'viem';
import type { WalletChain } from '../chain/wallet-chain';
import { readCallsUsed } from '../verify/read-calls-used';
import type { PreparedRedemption } from './prepare-redemption';

/**
 * What became of a recorded redemption after a crash (DESIGN §10):
 *  - `mined`: its receipt exists — reuse it, never redeem again;
 *  - `not-sent`: the redeemer's nonce has not moved — send the same bytes again (submitRedemption);
 *  - `superseded`: the nonce was used by another transaction, so these bytes can never be mined; `callsUsed` says
 *    whether the mandate was spent anyway.
 * `callsUsed` is the LimitedCallsEnforcer's count, read in every case.
 */
export type ReconcileRedemptionReturnType =
  | { state: 'mined'; receipt: TransactionReceipt; succeeded: boolean; callsUsed: number | undefined }
  | { state: 'not-sent'; callsUsed: number | undefined }
  | { state: 'superseded'; callsUsed: number | undefined };

export async function reconcileRedemption(
  chain: WalletChain,
  prepared: PreparedRedemption,
): Promise<ReconcileRedemptionReturnType> {
  const calls = await readCallsUsed(chain, prepared.delegationHash);
  const callsUsed = calls.ok ? calls.used : undefined;
  const receipt = await chain.client.getTransactionReceipt({ hash: prepared.transactionHash }).catch(() => undefined);
  if (receipt !== undefined) return { state: 'mined', receipt, succeeded: receipt.status === 'success', callsUsed };
  const nonce = await chain.client.getTransactionCount({ address: prepared.redeemer, blockTag: 'latest' });
  return nonce > prepared.nonce ? { state: 'superseded', callsUsed } : { state: 'not-sent', callsUsed };
}
