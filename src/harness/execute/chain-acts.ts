import { formatUnits, getAddress } from 'viem';
import type { HarnessContext } from '../kernel/context';
import { USDC_DECIMALS, usdcUnits } from '../authority/requirement';
import { labelOf, type ExecInput, type StepFailure, type StepResult } from './step-result';

/**
 * Payments by redeeming the mandate on the chain (DESIGN §3): the DelegationManager enforces the caveats (amount,
 * recipient, limited calls) on chain, so the harness cannot pay more than was signed even if it tried. After the
 * transaction, an independent read-back (reconcile by its hash) is what lets the receipt say `confirmed`.
 */
export async function redeemPayment(ctx: HarnessContext, input: ExecInput): Promise<StepResult | StepFailure> {
  const units = usdcUnits(input.args.amount);
  if (units === null || input.mandateHash === null || typeof input.args.recipient !== 'string') {
    return {
      failed: true,
      code: 'PAYMENT_UNBOUND',
      reason: 'The payment has no amount, recipient or mandate to run under; nothing was sent.',
    };
  }
  const to = getAddress(input.args.recipient);
  const tx = await ctx.chain.redeemTransfer({
    mandateHash: input.mandateHash,
    token: 'usdc',
    to,
    amount: units.toString(),
    effectKey: input.effectKey,
  });
  if (tx.status === 'refused') return { failed: true, code: 'PAYMENT_REFUSED', reason: `${tx.reason} No USDC moved.` };
  if (tx.status !== 'success')
    return {
      failed: true,
      code: 'PAYMENT_REVERTED',
      reason: 'The chain refused the payment (the transaction reverted); no USDC moved.',
    };
  const readBack = await ctx.chain.reconcile({
    effectKey: input.effectKey,
    mandateHash: input.mandateHash,
    txHash: tx.txHash,
  });
  return paymentResult(input, tx.txHash, readBack.kind === 'found' ? 'confirmed' : 'committed', false);
}

export function paymentResult(
  input: ExecInput,
  txHash: `0x${string}`,
  observation: StepResult['observation'],
  reconciled: boolean,
): StepResult {
  const amount = formatUnits(usdcUnits(input.args.amount) ?? 0n, USDC_DECIMALS);
  const to = labelOf(input, input.args.recipient);
  return {
    text: `Sent ${amount} USDC to ${to}${reconciled ? ' (this payment had already gone through; it was not sent again)' : ''}.`,
    value: { txHash, amount, to: input.args.recipient },
    source: 'chain',
    observation,
    txHash,
    reconciled,
    templated: true,
  };
}
