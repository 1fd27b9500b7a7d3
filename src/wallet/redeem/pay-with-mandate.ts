import type { Address, Hex, LocalAccount, TransactionReceipt } from 'viem';
import { HomeError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { usdcTransferCall } from '../tokens/usdc';
import type { Verdict } from '../verify/verdict';
import { prepareRedemption, type PreparedRedemption } from './prepare-redemption';
import { submitRedemption } from './submit-redemption';

export type PayWithMandateParameters = {
  mandate: unknown;
  recipient: Address;
  amount: bigint;
  /** The harness agent (the mandate's delegate), funded for gas. */
  redeemer: LocalAccount;
  /** Stores the prepared redemption (the vault) before anything is sent: the reconcile record. */
  record: (prepared: PreparedRedemption) => Promise<void>;
};

/**
 * A USDC payment under a chain mandate (DESIGN §3): prepared, recorded, then redeemed through the DelegationManager
 * by the harness agent, so every caveat is enforced on chain. A refusal (expired, revoked, over the amount, to
 * another recipient) comes back as a value before anything is signed; a receipt whose status is not success throws.
 */
export async function payWithMandate(
  chain: WalletChain,
  p: PayWithMandateParameters,
): Promise<Verdict<{ transactionHash: Hex; receipt: TransactionReceipt; prepared: PreparedRedemption }>> {
  const ready = await prepareRedemption(chain, {
    mandate: p.mandate,
    execution: usdcTransferCall(chain, p.recipient, p.amount),
    redeemer: p.redeemer,
  });
  if (!ready.ok) return ready;
  await p.record(ready.prepared);
  const receipt = await submitRedemption(chain, ready.prepared);
  if (receipt.status !== 'success') {
    throw new HomeError(
      'PAYMENT_FAILED',
      `The payment transaction ${ready.prepared.transactionHash} was mined but failed.`,
    );
  }
  return { ok: true, transactionHash: ready.prepared.transactionHash, receipt, prepared: ready.prepared };
}
