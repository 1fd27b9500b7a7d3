import { median } from '../run';

/** The `p`-th percentile (0–100) of a list, nearest rank: with 12 samples, p90 is the 11th smallest. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Median and p90 of a list of milliseconds. */
export type Spread = { median: number; p90: number; n: number };

export function spread(values: readonly number[]): Spread {
  return { median: median(values), p90: percentile(values, 90), n: values.length };
}
