import { z } from 'zod';
import { calibrate } from '../../src/harness';

/**
 * Fitting the judge's calibration (seed 001 §4) on labelled runs — each a distribution the judge
 * returned and the option that was right. Temperature scaling: the T that minimises the negative log-likelihood of
 * the gold option under p ∝ exp(log p / T), the very transform the harness applies (judge/accept.ts). Then the
 * split-conformal threshold q̂ over the scores 1 − p_T(gold): an option joins the set when p_T ≥ 1 − q̂.
 */
export const LabelledRun = z
  .strictObject({
    distribution: z
      .record(z.string().min(1).max(120), z.number().min(0).max(1))
      .refine((d) => Object.keys(d).length >= 2, 'at least two options'),
    gold: z.string().min(1).max(120),
  })
  .refine((r) => r.gold in r.distribution, {
    message: "the gold option is not among the distribution's options",
    path: ['gold'],
  });
export type LabelledRun = z.infer<typeof LabelledRun>;

/**
 * The calibrated probability of the gold option: the harness's own transform (judge/accept.ts `calibrate`), so a
 * map means exactly what the judge will do with it.
 */
export const goldProbability = (run: LabelledRun, temperature: number): number =>
  calibrate(run.distribution, temperature)[run.gold] ?? 0;

/**
 * The same quantity, fast, for the search: the log-probabilities are taken once (clamped at 1e-9 as the harness
 * clamps) and only rescaled per temperature. fit.test.ts checks it against goldProbability.
 */
export type PreparedRun = { logs: Float64Array; gold: number };
export const prepare = (runs: readonly LabelledRun[]): PreparedRun[] =>
  runs.map((r) => {
    const ids = Object.keys(r.distribution);
    return {
      logs: Float64Array.from(ids.map((id) => Math.log(Math.max(r.distribution[id]!, 1e-9)))),
      gold: ids.indexOf(r.gold),
    };
  });

export function preparedGoldProbability(run: PreparedRun, temperature: number): number {
  let max = -Infinity;
  for (const l of run.logs) max = Math.max(max, l / temperature);
  let z = 0;
  for (const l of run.logs) z += Math.exp(l / temperature - max);
  return Math.exp(run.logs[run.gold]! / temperature - max) / z;
}

/** Mean negative log-likelihood of the gold options at temperature T. */
export function negativeLogLikelihood(
  runs: readonly LabelledRun[] | readonly PreparedRun[],
  temperature: number,
): number {
  const prepared = isPrepared(runs) ? runs : prepare(runs);
  let total = 0;
  for (const run of prepared) total -= Math.log(Math.max(preparedGoldProbability(run, temperature), 1e-12));
  return total / prepared.length;
}

const isPrepared = (runs: readonly LabelledRun[] | readonly PreparedRun[]): runs is readonly PreparedRun[] =>
  runs.length === 0 || 'logs' in runs[0]!;

/**
 * The NLL-minimising temperature, by golden-section search over β = 1/T in [1/20, 20]: the NLL is convex in β
 * (a log-sum-exp minus a linear term), so the search finds the minimum, not a local dip.
 */
export function fitTemperature(runs: readonly LabelledRun[]): number {
  if (runs.length === 0) throw new Error('fitTemperature: no runs');
  const prepared = prepare(runs);
  const f = (beta: number) => negativeLogLikelihood(prepared, 1 / beta);
  const phi = (Math.sqrt(5) - 1) / 2;
  let [lo, hi] = [Math.log(1 / 20), Math.log(20)];
  let x1 = hi - phi * (hi - lo);
  let x2 = lo + phi * (hi - lo);
  let f1 = f(Math.exp(x1));
  let f2 = f(Math.exp(x2));
  while (hi - lo > 1e-6) {
    if (f1 <= f2) {
      [hi, x2, f2] = [x2, x1, f1];
      x1 = hi - phi * (hi - lo);
      f1 = f(Math.exp(x1));
    } else {
      [lo, x1, f1] = [x1, x2, f2];
      x2 = lo + phi * (hi - lo);
      f2 = f(Math.exp(x2));
    }
  }
  return 1 / Math.exp((lo + hi) / 2);
}

/**
 * Guarantees on offer. 'marginal' is split conformal as usually stated: over the draw of calibration and test,
 * P(gold ∈ set) ≥ 1 − α, using the ⌈(n+1)(1−α)⌉-th smallest score. 'pac' (training-conditional) raises the level
 * by √(ln(1/δ)/2n) so that, with probability ≥ 1 − δ over the calibration runs, the coverage of THIS map is ≥ 1 − α.
 */
export type Guarantee = { kind: 'marginal' } | { kind: 'pac'; delta: number };

export function conformalThreshold(scores: readonly number[], alpha: number, guarantee: Guarantee): number {
  const n = scores.length;
  if (n === 0) throw new Error('conformalThreshold: no scores');
  const slack = guarantee.kind === 'pac' ? Math.sqrt(Math.log(1 / guarantee.delta) / (2 * n)) : 0;
  const k = Math.ceil((n + 1) * (1 - alpha + slack));
  // Too few runs for this α: the set must hold every option (q̂ = 1), which is honest and useless.
  if (k > n) return 1;
  return [...scores].sort((a, b) => a - b)[k - 1]!;
}

/** Whether the gold option is in the conformal set at (T, q̂) — the harness's rule, p_T ≥ 1 − q̂. */
export const covers = (run: LabelledRun, temperature: number, qHat: number): boolean =>
  goldProbability(run, temperature) >= 1 - qHat;
