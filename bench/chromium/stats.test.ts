import { describe, expect, it } from 'vitest';
import { percentile, spread } from './stats';

describe('percentile (nearest rank)', () => {
  it('p90 of 1..10 is 9 and of 1..12 is 11; p50 is a member of the list', () => {
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 90)).toBe(9);
    expect(
      percentile(
        Array.from({ length: 12 }, (_, i) => 12 - i),
        90,
      ),
    ).toBe(11);
    expect(percentile([5, 1, 3], 50)).toBe(3);
  });
  it('p100 is the largest, p0 the smallest, one sample is itself', () => {
    expect(percentile([3, 7, 5], 100)).toBe(7);
    expect(percentile([3, 7, 5], 0)).toBe(3);
    expect(percentile([42], 90)).toBe(42);
  });
  it('refuses an empty list rather than inventing a figure', () => {
    expect(() => percentile([], 90)).toThrow(/no samples/);
  });
});

describe('spread', () => {
  it('gives the median, the p90 and the sample count', () => {
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, p90: 4, n: 4 });
  });
});
