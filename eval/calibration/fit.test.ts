import { beforeAll, describe, expect, it } from 'vitest';
import { digestOfText } from '../../src/protocol/digest';
import { fitTemperature, goldProbability, negativeLogLikelihood, prepare, preparedGoldProbability } from './fit';
import { fitCalibrationMap, loadCalibrationMap } from './map';
import { calibrationProof, type ProofFigures } from './proof';
import { seededRng } from './rng';
import { syntheticRuns } from './synthetic';

const runsDigest = digestOfText('synthetic runs');

/**
 * The calibration proof, on synthetic judge outputs with a known temperature: the fit
 * recovers it within ±10%, and the conformal set covers the gold option on held-out runs at least 1 − α of the time
 * for α ∈ {0.05, 0.1, 0.2}. These are the very figures `npm run calibrate -- --proof` prints.
 */
describe('the calibration proof', { timeout: 120_000 }, () => {
  let proof: ProofFigures;
  beforeAll(() => {
    proof = calibrationProof();
  }, 120_000);

  it('temperature scaling recovers each known temperature within ±10%', () => {
    expect(proof.recovery.map((r) => r.known)).toEqual([2.5, 1.5, 0.6]);
    for (const r of proof.recovery) expect(r.errorPct).toBeLessThan(10);
  });

  it("split conformal's marginal guarantee: mean held-out coverage over 300 seeded calibrations of 98 runs ≥ 1 − α", () => {
    // The guarantee is over the draw of calibration and test, E[coverage] ≥ 1 − α; one small calibration set may
    // fall below by chance, so the mean over many independent ones is what can be checked honestly.
    expect(proof.coverage.map((c) => c.alpha)).toEqual([0.05, 0.1, 0.2]);
    for (const c of proof.coverage) expect(c.marginalMean).toBeGreaterThanOrEqual(1 - c.alpha);
  });

  it("the training-conditional map ('pac', δ = 0.01) covers ≥ 1 − α on one held-out split of 10,000, and is not vacuous", () => {
    for (const c of proof.coverage) {
      expect(c.pacHeldOut).toBeGreaterThanOrEqual(1 - c.alpha);
      expect(c.pacQHat).toBeLessThan(0.99);
    }
  });
});

describe('the fit', () => {
  it('finds a minimum of the NLL, not merely a point near the known temperature', () => {
    const runs = syntheticRuns({ n: 2000, temperature: 2, rng: seededRng(21) });
    const fitted = fitTemperature(runs);
    expect(negativeLogLikelihood(runs, fitted)).toBeLessThan(negativeLogLikelihood(runs, fitted * 1.2));
    expect(negativeLogLikelihood(runs, fitted)).toBeLessThan(negativeLogLikelihood(runs, fitted / 1.2));
  });

  it('its fast path is the harness transform (judge/accept.ts calibrate)', () => {
    const runs = syntheticRuns({ n: 50, temperature: 1.7, rng: seededRng(3) });
    const prepared = prepare(runs);
    for (const t of [0.3, 1, 2.2])
      runs.forEach((r, i) => expect(preparedGoldProbability(prepared[i]!, t)).toBeCloseTo(goldProbability(r, t), 12));
  });
});

describe('the calibration map', () => {
  it('is cited by a digest over its contents; a tampered or foreign map is refused', () => {
    const map = fitCalibrationMap(syntheticRuns({ n: 400, temperature: 2, rng: seededRng(5) }), {
      alpha: 0.1,
      guarantee: { kind: 'marginal' },
      seed: 3,
      runsDigest,
    });
    expect(map.fittedOn).toMatchObject({
      runs: 400,
      temperatureRuns: 200,
      conformalRuns: 200,
      guarantee: 'marginal',
      runsDigest,
    });
    expect(loadCalibrationMap(map)).toEqual({ digest: map.digest, temperature: map.temperature, qHat: map.qHat });
    expect(() => loadCalibrationMap({ ...map, qHat: Math.min(1, map.qHat + 0.05) })).toThrow(
      /does not match its digest/,
    );
    expect(() => loadCalibrationMap({ ...map, extra: 1 })).toThrow(/not one `npm run calibrate` writes/);
  });

  it('too few runs for α gives q̂ = 1 (every option in the set), not a false promise', () => {
    const map = fitCalibrationMap(syntheticRuns({ n: 8, temperature: 2, rng: seededRng(9) }), {
      alpha: 0.05,
      guarantee: { kind: 'marginal' },
      seed: 1,
      runsDigest,
    });
    expect(map.qHat).toBe(1);
  });
});
