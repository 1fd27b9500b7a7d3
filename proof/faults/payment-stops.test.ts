import { describe, expect, it } from 'vitest';
import { PAYMENT_STOPS, runPaymentStop, stopRow } from './payment-stops';

/**
 * Faults (a) in CI: the worker stopped at every step of a payment run, then a new composition root over the same
 * vault and the chain re-opened from its snapshot — done with the first transaction's hash, paid once, nonce once.
 */
describe('the worker stopped at every step of a payment run', () => {
  it.each(PAYMENT_STOPS.map((c) => [c.id, c] as const))('%s', { timeout: 60_000 }, async (_id, c) => {
    const o = await runPaymentStop(c);
    expect(o.tripped, 'the stop point was reached').toBe(c.point.path);
    expect(stopRow(o).observed).not.toMatch(/ANOTHER|DIFFERS|not done/);
    expect(o).toMatchObject({
      done: true,
      usdcMoved: 2_000_000n,
      paidOut: 2_000_000n,
      nonceAdvanced: 1,
      receipts: 1,
      mandates: 1,
      replaySame: true,
    });
    expect(o.txHash).toBe(o.firstSent);
  });
});
