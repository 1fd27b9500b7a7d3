import type { Hex } from 'viem';
import { digestOf } from '../../protocol/digest';
import type { Address, ChainPort, ReconcileResult } from '../kernel/ports';
import type { MemoryWallet } from './memory-wallet';

/**
 * An in-memory chain for the harness's tests: USDC balances, the harness agent's nonce, and redemption of a mandate
 * that enforces its caveats the way the DelegationManager's enforcers do (revoked → revert; limited calls; amount
 * and recipient). `crashAfterRedeem` simulates a worker stopped after the transaction and before the receipt.
 */
type Tx = {
  txHash: Hex;
  mandateHash: Hex;
  to: Address;
  amount: bigint;
  blockNumber: number;
  status: 'success' | 'reverted';
};

export class MemoryChain implements ChainPort {
  readonly balances = new Map<string, bigint>();
  readonly txs = new Map<string, Tx>();
  nonce = 0;
  block = 1;
  /** Faults to inject: a redeem that lands and then "the worker stops"; a reconcile that cannot tell. */
  faults = { crashAfterRedeem: false, reconcileIndeterminate: false };

  constructor(private readonly wallet: MemoryWallet) {}

  async balanceOf(q: { token: 'usdc'; holder: Address }) {
    return { amount: (this.balances.get(q.holder.toLowerCase()) ?? 0n).toString(), decimals: 6 };
  }

  /** Redeems through the (simulated) DelegationManager: every caveat is enforced here, not by the harness. */
  async redeemTransfer(q: { mandateHash: Hex; token: 'usdc'; to: Address; amount: string; effectKey: Hex }) {
    const m = this.wallet.mandates.get(q.mandateHash);
    this.nonce += 1; // the harness agent sends a transaction either way
    this.block += 1;
    const amount = BigInt(q.amount);
    const onChainCalls = [...this.txs.values()].filter(
      (t) => t.mandateHash === q.mandateHash && t.status === 'success',
    ).length;
    const from = m?.delegator.toLowerCase() ?? '';
    const ok =
      m !== undefined &&
      !this.wallet.revoked.has(m.hash) &&
      onChainCalls < m.caveats.calls &&
      m.caveats.maxAmount !== undefined &&
      amount <= BigInt(m.caveats.maxAmount) &&
      m.caveats.recipient?.toLowerCase() === q.to.toLowerCase() &&
      (this.balances.get(from) ?? 0n) >= amount;
    const txHash = digestOf({
      nonce: this.nonce,
      mandateHash: q.mandateHash,
      to: q.to.toLowerCase(),
      amount: q.amount,
    });
    const tx: Tx = {
      txHash,
      mandateHash: q.mandateHash,
      to: q.to,
      amount,
      blockNumber: this.block,
      status: ok ? 'success' : 'reverted',
    };
    this.txs.set(txHash, tx);
    if (ok) {
      this.balances.set(from, (this.balances.get(from) ?? 0n) - amount);
      this.balances.set(q.to.toLowerCase(), (this.balances.get(q.to.toLowerCase()) ?? 0n) + amount);
    }
    if (this.faults.crashAfterRedeem) {
      this.faults.crashAfterRedeem = false;
      throw new Error('the worker stopped (simulated) after the transaction was mined');
    }
    return { txHash, blockNumber: tx.blockNumber, status: tx.status };
  }

  /** By the recorded hash, else by the mandate's successful redemption on chain (its RedeemedDelegation event). */
  async reconcile(q: { effectKey: Hex; mandateHash: Hex; txHash?: Hex }): Promise<ReconcileResult> {
    if (this.faults.reconcileIndeterminate) return { kind: 'indeterminate', reason: 'the chain did not answer' };
    const byHash = q.txHash !== undefined ? this.txs.get(q.txHash) : undefined;
    const tx = byHash ?? [...this.txs.values()].find((t) => t.mandateHash === q.mandateHash && t.status === 'success');
    return tx !== undefined && tx.status === 'success'
      ? { kind: 'found', txHash: tx.txHash, blockNumber: tx.blockNumber }
      : { kind: 'absent' };
  }

  usdc(address: Address): bigint {
    return this.balances.get(address.toLowerCase()) ?? 0n;
  }
  fund(address: Address, amount: bigint): void {
    this.balances.set(address.toLowerCase(), (this.balances.get(address.toLowerCase()) ?? 0n) + amount);
  }
}
