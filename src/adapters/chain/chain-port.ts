import { getAddress, type Hex, type LocalAccount, type TransactionReceipt } from 'viem';
import type { ChainPort, ReconcileResult, RedeemOutcome } from '../../harness';
import type { Vault } from '../../vault/vault';
import {
  prepareRedemption,
  readCallsUsed,
  reconcileRedemption,
  submitRedemption,
  usdcBalanceOf,
  usdcTransferCall,
  type WalletChain,
} from '../../wallet';
import { mandateOfRow } from '../../wallet';
import { recordedRedemption, recordRedemption } from './records';

/**
 * The harness's ChainPort on the wallet (src/wallet) (DESIGN §3, §10): a payment is the harness agent redeeming the mandate
 * through the DelegationManager, so every caveat is enforced on chain. Before anything is sent the exact signed
 * transaction is recorded in the vault under the effect's key; after a crash, reconcile reads that record against
 * the chain — mined: the first receipt is reused; not sent: the same bytes go again (same nonce, so it can never
 * pay twice) — and the harness agent's nonce advances once.
 */
export type ChainPortOptions = {
  vault: Vault;
  chain: WalletChain;
  /** The harness agent's key (the mandates' delegate), or null while the vault is locked. */
  redeemer: () => Promise<LocalAccount | null>;
};

const outcomeOf = (receipt: TransactionReceipt): RedeemOutcome => ({
  txHash: receipt.transactionHash,
  blockNumber: Number(receipt.blockNumber),
  status: receipt.status === 'success' ? 'success' : 'reverted',
});

export function createChainPort(options: ChainPortOptions): ChainPort {
  const { vault, chain } = options;

  const port: ChainPort = {
    async balanceOf(q) {
      return { amount: (await usdcBalanceOf(chain, getAddress(q.holder))).toString(), decimals: 6 };
    },

    async redeemTransfer(q): Promise<RedeemOutcome> {
      const row = await vault.mandates.get(q.mandateHash);
      const mandate = row === undefined ? null : mandateOfRow(row);
      if (row === undefined || mandate === null)
        return {
          status: 'refused',
          code: 'MANDATE_NOT_FOUND',
          reason: 'The mandate for this payment is not in your vault.',
        };
      if (q.token !== 'usdc' || chain.usdc === undefined)
        return { status: 'refused', code: 'NO_TOKEN', reason: 'No USDC token is configured on this chain.' };

      // A redemption already recorded for this effect is finished, never prepared again.
      const earlier = await recordedRedemption(vault, q.effectKey);
      if (earlier !== null) {
        const state = await reconcileRedemption(chain, earlier);
        if (state.state === 'mined') return outcomeOf(state.receipt);
        if (state.state === 'not-sent') return outcomeOf(await submitRedemption(chain, earlier));
      }
      const redeemer = await options.redeemer();
      if (redeemer === null)
        return {
          status: 'refused',
          code: 'LOCKED',
          reason: 'Your vault is locked, so your agent cannot sign the payment; unlock it and ask again.',
        };
      const ready = await prepareRedemption(chain, {
        mandate,
        execution: usdcTransferCall(chain, getAddress(q.to), BigInt(q.amount)),
        redeemer,
      });
      if (!ready.ok) return { status: 'refused', code: `PAYMENT_${ready.code}`, reason: ready.message };
      await recordRedemption(vault, { effectKey: q.effectKey, runRef: row.runRef, prepared: ready.prepared });
      return outcomeOf(await submitRedemption(chain, ready.prepared));
    },

    async reconcile(q) {
      if (q.txHash !== undefined) {
        const receipt = await chain.client.getTransactionReceipt({ hash: q.txHash }).catch(() => undefined);
        if (receipt !== undefined)
          return receipt.status === 'success'
            ? { kind: 'found', txHash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber) }
            : { kind: 'absent' };
      }
      const recorded = await recordedRedemption(vault, q.effectKey);
      if (recorded !== null) {
        const state = await reconcileRedemption(chain, recorded);
        if (state.state === 'mined')
          return state.succeeded
            ? { kind: 'found', txHash: state.receipt.transactionHash, blockNumber: Number(state.receipt.blockNumber) }
            : { kind: 'absent' };
        if (state.state === 'not-sent') return { kind: 'absent' };
        // Its nonce went to another transaction: whether the mandate was spent by it cannot be told from here.
        return state.callsUsed === 0
          ? { kind: 'absent' }
          : {
              kind: 'indeterminate',
              reason: 'the recorded payment was replaced by another transaction of the harness agent',
            };
      }
      return reconcileByMandate(q.mandateHash);
    },
  };
  return port;

  /** No record of this effect: the mandate unused on chain means absent; used, with nothing recorded, cannot be told. */
  async function reconcileByMandate(mandateHash: Hex): Promise<ReconcileResult> {
    const calls = await readCallsUsed(chain, mandateHash);
    if (!calls.ok) return { kind: 'indeterminate', reason: calls.message };
    return calls.used === 0
      ? { kind: 'absent' }
      : {
          kind: 'indeterminate',
          reason: 'the mandate was used on chain, but this agent holds no record of that transaction',
        };
  }
}
