import { digestOf } from '../../src/protocol/digest';
import { HomeError } from '../../src/protocol/errors';
import type { CalibrationMapFile } from '../../src/protocol/calibration-map';
import { conformalThreshold, fitTemperature, goldProbability, type Guarantee, type LabelledRun } from './fit';
import { seededRng, shuffled } from './rng';

/**
 * Fitting the calibration map (its schema and loader are product code, src/protocol/calibration-map.ts). T is
 * fitted on one part of the runs and q̂ on the other, so the conformal scores are exchangeable with future ones
 * (the score function does not depend on them).
 */
export { CalibrationMapFile, FittedOn, loadCalibrationMap } from '../../src/protocol/calibration-map';

const round = (x: number) => Math.round(x * 1e6) / 1e6;
/** q̂ is rounded up, never down: a rounded threshold may only widen the set. */
const roundUp = (x: number) => Math.min(1, Math.ceil(x * 1e6 - 1e-9) / 1e6);

/** `runsDigest` names what the map was fitted on: the CLI gives digestOfText of the runs file, exactly as read. */
export function fitCalibrationMap(
  runs: readonly LabelledRun[],
  options: { alpha: number; guarantee: Guarantee; seed: number; runsDigest: `0x${string}`; temperatureShare?: number },
): CalibrationMapFile {
  if (runs.length < 4)
    throw new HomeError(
      'CALIBRATION_TOO_FEW_RUNS',
      `Calibration needs at least 4 labelled runs; there are ${runs.length}.`,
    );
  const order = shuffled(runs, seededRng(options.seed));
  const cut = Math.max(1, Math.min(order.length - 1, Math.round(order.length * (options.temperatureShare ?? 0.5))));
  const [forTemperature, forConformal] = [order.slice(0, cut), order.slice(cut)];
  const temperature = round(fitTemperature(forTemperature));
  const scores = forConformal.map((run) => 1 - goldProbability(run, temperature));
  const qHat = roundUp(conformalThreshold(scores, options.alpha, options.guarantee));
  const fittedOn = {
    runs: runs.length,
    runsDigest: options.runsDigest,
    temperatureRuns: forTemperature.length,
    conformalRuns: forConformal.length,
    guarantee: options.guarantee.kind,
    ...(options.guarantee.kind === 'pac' ? { delta: options.guarantee.delta } : {}),
    seed: options.seed,
  };
  const body = { temperature, qHat, alpha: options.alpha, fittedOn };
  return { ...body, digest: digestOf(body) };
}
