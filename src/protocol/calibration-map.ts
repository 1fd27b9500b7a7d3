import { z } from 'zod';
import { digestOf } from './digest';
import { HomeError } from './errors';

/**
 * The calibration map `npm run calibrate` writes: { temperature, qHat, alpha, digest, fittedOn }. The digest is
 * digestOf everything else, and the judge cites it on every decision that used the map; a map whose digest does
 * not match its contents is refused. Fitting lives in eval/calibration; the product only reads a fitted map.
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

/**
 * A map as a stored setting: the same checks as loadCalibrationMap, in words that finish "must be …" (the vault's
 * refusal of a setting of the wrong type).
 */
export const FittedCalibrationMap = z.custom<CalibrationMapFile>().superRefine((value, ctx) => {
  try {
    loadCalibrationMap(value);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message:
        (error as { code?: string }).code === 'CALIBRATION_MAP_TAMPERED'
          ? 'a map unedited since it was fitted (this one does not match its digest; refit it)'
          : 'a map `npm run calibrate` writes',
    });
  }
});

/** What the judge uses (the harness's CalibrationMap, HarnessSettings.calibration). */
export type LoadedCalibrationMap = { digest: `0x${string}`; temperature: number; qHat: number };

/** Reads a map file's JSON, checks its digest, and gives the judge's map; anything else is refused in words. */
export function loadCalibrationMap(json: unknown): LoadedCalibrationMap {
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

/** The text of a map file, as read: not JSON is refused in the same words as a wrong shape. */
export function loadCalibrationMapText(text: string): LoadedCalibrationMap {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HomeError('CALIBRATION_MAP_INVALID', 'The calibration map is not JSON (`npm run calibrate` writes one).');
  }
  return loadCalibrationMap(json);
}
