import { formatUnits, getAddress, parseUnits, type LocalAccount } from 'viem';
import type { ExecInput, HandOffGrant, SpecialistExecutor, StepFailure, StepResult } from '../../harness';
import {
  payWithMandate,
  USDC_DECIMALS,
  verifyChildMandate,
  type PreparedRedemption,
  type WalletChain,
} from '../../wallet';

export type PaymentSpecialistOptions = {
  chain: WalletChain;
  /** The specialist's own key: the delegate of the child mandates handed to it, funded for gas. */
  key: LocalAccount;
  /** Keeps the prepared redemption before it is sent (the reconcile record); by default it is not kept. */
  record?: (prepared: PreparedRedemption) => Promise<void>;
};

const failed = (code: string, reason: string): StepFailure => ({ failed: true, code, reason });

/**
 * The payment specialist: a USDC payment handed to it by the person's agent, made under the child mandate it was
 * given and nothing else. It verifies the chain end to end first (every link's signature and revocation, no link
 * wider than its parent, no gap), then redeems the whole chain through the DelegationManager with its own key — so
 * the chain, not this code, holds it to the amount, the recipient and the one call, and a revoked parent stops it.
 */
export function paymentSpecialist(options: PaymentSpecialistOptions): SpecialistExecutor {
  return {
    id: 'payment-specialist',
    capability: 'payment.usdc.send',
    address: options.key.address,
    run: async (ctx, input) => pay(options, Math.floor(ctx.clock.now() / 1000), input),
  };
}

async function pay(
  o: PaymentSpecialistOptions,
  now: number,
  input: ExecInput & { handOff: HandOffGrant },
): Promise<StepResult | StepFailure> {
  const verdict = await verifyChildMandate(o.chain, { links: input.handOff.credential, now, delegate: o.key.address });
  if (!verdict.ok) return failed(verdict.code, `${verdict.message} No USDC moved.`);
  if (verdict.delegationHash.toLowerCase() !== input.handOff.childHash.toLowerCase())
    return failed('CHAIN_GAP', 'The mandate handed over is not the one the hand-off names; no USDC moved.');
  if (typeof input.args.recipient !== 'string' || input.args.amount === undefined)
    return failed('PAYMENT_UNBOUND', 'The payment has no amount or recipient; nothing was sent.');
  const recipient = getAddress(input.args.recipient);
  const amount = parseUnits(String(input.args.amount), USDC_DECIMALS);
  const paid = await payWithMandate(o.chain, {
    mandate: verdict.links,
    recipient,
    amount,
    redeemer: o.key,
    record: o.record ?? (async () => undefined),
  });
  if (!paid.ok) return failed(`PAYMENT_${paid.code}`, `${paid.message} No USDC moved.`);
  const to = input.labels.get(recipient.toLowerCase()) ?? recipient;
  return {
    text: `Sent ${formatUnits(amount, USDC_DECIMALS)} USDC to ${to}, through the payment specialist.`,
    value: { txHash: paid.transactionHash, amount: formatUnits(amount, USDC_DECIMALS), to: recipient },
    source: 'chain',
    // The receipt was read back from the chain by its hash: an independent read-back.
    observation: 'confirmed',
    txHash: paid.transactionHash,
    reconciled: false,
    templated: true,
  };
}
