import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../kernel/settings';
import { acceptConformal, acceptDistribution, calibrate, checkDistribution } from './accept';

const rule = DEFAULT_SETTINGS;
const map = { digest: `0x${'11'.repeat(32)}` as const, temperature: 1, qHat: 0.7 };

describe('the acceptance rule (seed 001 step 4): code over the numbers', () => {
  it('n/a on top is none-fits; below the floor; without margin; otherwise the top skill', () => {
    expect(acceptDistribution({ a: 0.2, b: 0.1, 'n/a': 0.7 }, rule).outcome).toBe('none-fits');
    expect(acceptDistribution({ a: 0.45, b: 0.2, 'n/a': 0.35 }, rule).outcome).toBe('below-floor');
    expect(acceptDistribution({ a: 0.55, b: 0.45, 'n/a': 0 }, rule).outcome).toBe('clarify');
    expect(acceptDistribution({ a: 0.55, b: 0.45, 'n/a': 0 }, { ...rule, split: 'off' }).outcome).toBe('no-margin');
    expect(acceptDistribution({ a: 0.7, b: 0.2, 'n/a': 0.1 }, rule)).toMatchObject({ outcome: 'chosen', choice: 'a' });
  });

  it('turns a split of two into a question among exactly those two, only when their mass reaches 0.7', () => {
    expect(acceptDistribution({ a: 0.45, b: 0.4, c: 0.05, 'n/a': 0.1 }, rule)).toMatchObject({
      outcome: 'clarify',
      options: ['a', 'b'],
    });
    expect(acceptDistribution({ a: 0.35, b: 0.3, c: 0.2, 'n/a': 0.15 }, rule).outcome).toBe('below-floor');
  });

  it('refuses a distribution over options not offered, or not summing to one', () => {
    expect(checkDistribution({ a: 0.5, z: 0.5 }, ['a', 'n/a'])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not offered: z/),
    });
    expect(checkDistribution({ a: 0.3, 'n/a': 0.3 }, ['a', 'n/a'])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/sums to 0.600/),
    });
    expect(checkDistribution({ a: 1 }, ['a', 'n/a'])).toEqual({ ok: true, normalized: { a: 1, 'n/a': 0 } });
  });

  it('with a calibration map: one skill in the conformal set routes, several clarify, n/a or none declines', () => {
    expect(acceptConformal({ a: 0.8, b: 0.15, 'n/a': 0.05 }, map)).toMatchObject({ outcome: 'chosen', choice: 'a' });
    expect(acceptConformal({ a: 0.48, b: 0.47, 'n/a': 0.05 }, { ...map, qHat: 0.6 })).toMatchObject({
      outcome: 'clarify',
      options: ['a', 'b'],
    });
    expect(acceptConformal({ a: 0.1, b: 0.1, 'n/a': 0.8 }, map).outcome).toBe('none-fits');
    expect(acceptConformal({ a: 0.34, b: 0.33, 'n/a': 0.33 }, { ...map, qHat: 0.5 }).outcome).toBe('decline');
  });

  it('temperature scaling sharpens below 1 and flattens above, keeping the order', () => {
    const d = { a: 0.6, b: 0.4 };
    expect(calibrate(d, 0.5).a).toBeGreaterThan(0.6);
    expect(calibrate(d, 2).a).toBeLessThan(0.6);
    expect(calibrate(d, 1).a).toBeCloseTo(0.6, 10);
  });
});
