import { z } from 'zod';
import { digestOf } from '../../src/protocol/digest';
import { HomeError } from '../../src/protocol/errors';
import type { CalibrationMap } from '../../src/harness';
import { conformalThreshold, fitTemperature, goldProbability, type Guarantee, type LabelledRun } from './fit';
import { seededRng, shuffled } from './rng';

/**
 * The calibration map `npm run calibrate` writes: { temperature, qHat, alpha, digest, fittedOn }. The digest is
 * digestOf everything else, and the judge cites it on every decision that used the map; a map whose
 * digest does not match its contents is refused. T is fitted on one part of the runs and q̂ on the other, so the
 * conformal scores are exchangeable with future ones (the score function does not depend on them).
 */
export const FittedOn = z.strictObject({
  runs: z.number().int().positive(),
  runsDigest: z.string().regex(/^0x[0-9a-f]{64}$/),
  temperatureRuns: z.number().int().positive(),
  conformalRuns: z.number().int().positive(),
  guarantee: z.enum(['marginal', 'pac']),
  delta: z.number().gt(0).lt(1).optional(),
  seed: z.number().int(),
});
export const CalibrationMapFile = z.strictObject({
  temperature: z.number().gt(0).max(100),
  qHat: z.number().min(0).max(1),
  alpha: z.number().gt(0).lt(1),
  digest: z.string().regex(/^0x[0-9a-f]{64}$/),
  fittedOn: FittedOn,
});
export type CalibrationMapFile = z.infer<typeof CalibrationMapFile>;

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

/** Reads a map file, checks its digest, and gives the harness's CalibrationMap (HarnessSettings.calibration). */
export function loadCalibrationMap(json: unknown): CalibrationMap {
  const parsed = CalibrationMapFile.safeParse(json);
  if (!parsed.success)
    throw new HomeError('CALIBRATION_MAP_INVALID', 'The calibration map is not one `npm run calibrate` writes.');
  const { digest, ...body } = parsed.data;
  if (digestOf(body) !== digest)
    throw new HomeError(
      'CALIBRATION_MAP_TAMPERED',
      'The calibration map does not match its digest; refit it rather than edit it.',
    );
  return { digest: digest as `0x${string}`, temperature: body.temperature, qHat: body.qHat };
}
