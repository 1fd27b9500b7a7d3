import { NOT_APPLICABLE } from '../../src/harness';
import type { LabelledRun } from './fit';
import type { Rng } from './rng';

/**
 * Synthetic judge outputs with a KNOWN temperature, for the calibration proof. Each case has true logits z (normal,
 * scale `spread`) over the options; the gold option is drawn from softmax(z); the judge reports softmax(T·z) — so
 * with T > 1 it is overconfident, and the temperature that undoes it is exactly T.
 */
export const SYNTHETIC_OPTIONS = ['skill-a', 'skill-b', 'skill-c', 'skill-d', 'skill-e', NOT_APPLICABLE] as const;

const softmax = (logits: readonly number[]) => {
  const max = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - max));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
};

export function syntheticRuns(input: { n: number; temperature: number; rng: Rng; spread?: number }): LabelledRun[] {
  const spread = input.spread ?? 1.5;
  const runs: LabelledRun[] = [];
  for (let i = 0; i < input.n; i++) {
    const z = SYNTHETIC_OPTIONS.map(() => input.rng.normal() * spread);
    const truth = softmax(z);
    let u = input.rng.next();
    let gold = truth.length - 1;
    for (let k = 0; k < truth.length; k++) {
      u -= truth[k]!;
      if (u <= 0) {
        gold = k;
        break;
      }
    }
    const reported = softmax(z.map((l) => l * input.temperature));
    runs.push({
      distribution: Object.fromEntries(SYNTHETIC_OPTIONS.map((id, k) => [id, reported[k]!])),
      gold: SYNTHETIC_OPTIONS[gold]!,
    });
  }
  return runs;
}
