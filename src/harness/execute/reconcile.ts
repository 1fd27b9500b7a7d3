import type { Hex } from 'viem';
import type { HarnessContext } from '../kernel/context';
import { paymentResult } from './chain-acts';
import { localActFor } from './local-acts';
import type { ExecInput, StepResult } from './step-result';

/**
 * Reconcile before acting (seed 001 step 9.1, DESIGN §10): did this exact effect already happen? found → the
 * earlier outcome is reused and no second act runs; absent → proceed; indeterminate → stop, because acting could
 * act twice. This is what makes a resumed run never pay twice: the harness agent's nonce advances once.
 */
export type Reconciled =
  { kind: 'found'; result: StepResult } | { kind: 'absent' } | { kind: 'indeterminate'; reason: string };

export async function reconcileStep(ctx: HarnessContext, input: ExecInput & { txHash?: Hex }): Promise<Reconciled> {
  const c = input.tool.capability;
  if (c.informational) return { kind: 'absent' };
  if (c.executor === 'chain') {
    if (input.mandateHash === null) return { kind: 'absent' };
    const found = await ctx.chain.reconcile({
      effectKey: input.effectKey,
      mandateHash: input.mandateHash,
      ...(input.txHash !== undefined ? { txHash: input.txHash } : {}),
    });
    if (found.kind === 'found') return { kind: 'found', result: paymentResult(input, found.txHash, 'confirmed', true) };
    return found;
  }
  const act = localActFor(c.id);
  if (act === undefined) return { kind: 'absent' };
  const record = await ctx.vault.records.get(act.recordOf(input, 0).id);
  if (record === null) return { kind: 'absent' };
  return {
    kind: 'found',
    result: {
      text: act.done(input),
      value: record.data,
      source: 'vault',
      observation: 'committed',
      reconciled: true,
      templated: true,
    },
  };
}
