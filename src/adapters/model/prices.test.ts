import { describe, expect, it } from 'vitest';
import { estimateCostUsd, estimateUsageCostUsd, priceOf } from './prices';

describe('the price table (an estimate)', () => {
  it('prices fresh input, cache writes, cache reads and output', () => {
    // claude-haiku-4-5: $1 / $5 per million; writes 1.25×, reads 0.1×.
    expect(estimateCostUsd('claude-haiku-4-5', { input: 1_000_000, cacheWrite: 0, cacheRead: 0, output: 0 })).toBe(1);
    expect(
      estimateCostUsd('claude-haiku-4-5', { input: 0, cacheWrite: 1_000_000, cacheRead: 1_000_000, output: 1_000_000 }),
    ).toBeCloseTo(1.25 + 0.1 + 5);
    expect(
      estimateCostUsd('claude-sonnet-4-5', { input: 2000, cacheWrite: 0, cacheRead: 8000, output: 300 }),
    ).toBeCloseTo((2000 * 3 + 8000 * 0.3 + 300 * 15) / 1e6);
  });

  it('falls back to the family, and has no price for an unknown model', () => {
    expect(priceOf('claude-sonnet-5')).toEqual(priceOf('claude-sonnet-4-5'));
    expect(priceOf('some-compatible-model')).toBeNull();
    expect(estimateCostUsd('some-compatible-model', { input: 1, cacheWrite: 0, cacheRead: 0, output: 1 })).toBeNull();
  });

  it('prices a plannerTrace call, its cached part at the read rate', () => {
    expect(
      estimateUsageCostUsd({
        model: 'claude-haiku-4-5',
        inputTokens: 10_000,
        cachedInputTokens: 8_000,
        outputTokens: 100,
      }),
    ).toBeCloseTo((2000 + 800 + 500) / 1e6);
  });
});
