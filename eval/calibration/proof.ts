import { digestOfText } from '../../src/protocol/digest';
import { covers, fitTemperature } from './fit';
import { fitCalibrationMap } from './map';
import { seededRng } from './rng';
import { syntheticRuns } from './synthetic';

/**
 * The calibration proof as figures (`npm run calibrate -- --proof`): the same experiments fit.test.ts asserts,
 * printed — temperatures recovered from synthetic judge outputs, and held-out coverage of the conformal set for
 * α ∈ {0.05, 0.1, 0.2} under both guarantees. Seeded: the figures are the same on every run.
 */
export type ProofFigures = {
  recovery: { known: number; fitted: number; errorPct: number }[];
  coverage: { alpha: number; marginalMean: number; marginalReps: number; pacHeldOut: number; pacQHat: number }[];
};

export function calibrationProof(): ProofFigures {
  const runsDigest = digestOfText('synthetic runs');
  const recovery = (
    [
      [2.5, 11],
      [1.5, 12],
      [0.6, 13],
    ] as const
  ).map(([known, seed]) => {
    const fitted = fitTemperature(syntheticRuns({ n: 4000, temperature: known, rng: seededRng(seed) }));
    return {
      known,
      fitted: Math.round(fitted * 1000) / 1000,
      errorPct: Math.round((Math.abs(fitted - known) / known) * 1000) / 10,
    };
  });
  const coverage = [0.05, 0.1, 0.2].map((alpha) => {
    const share = (runs: ReturnType<typeof syntheticRuns>, m: { temperature: number; qHat: number }) =>
      runs.filter((r) => covers(r, m.temperature, m.qHat)).length / runs.length;
    const rng = seededRng(Math.round(alpha * 1000));
    const reps = 300;
    let total = 0;
    for (let i = 0; i < reps; i++) {
      const map = fitCalibrationMap(syntheticRuns({ n: 196, temperature: 2, rng }), {
        alpha,
        guarantee: { kind: 'marginal' },
        seed: i,
        runsDigest,
      });
      total += share(syntheticRuns({ n: 500, temperature: 2, rng }), map);
    }
    const pacRng = seededRng(7 + Math.round(alpha * 100));
    const pac = fitCalibrationMap(syntheticRuns({ n: 4000, temperature: 2, rng: pacRng }), {
      alpha,
      guarantee: { kind: 'pac', delta: 0.01 },
      seed: 1,
      runsDigest,
    });
    const pacHeldOut = share(syntheticRuns({ n: 10_000, temperature: 2, rng: pacRng }), pac);
    const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
    return { alpha, marginalMean: r4(total / reps), marginalReps: reps, pacHeldOut: r4(pacHeldOut), pacQHat: pac.qHat };
  });
  return { recovery, coverage };
}
