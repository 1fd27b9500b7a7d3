import { describe, expect, it } from 'vitest';
import { digestOf } from './digest';
import { loadCalibrationMap, loadCalibrationMapText } from './calibration-map';

/** A map as `npm run calibrate` writes one: the digest is digestOf everything else. */
const body = {
  temperature: 1.7,
  qHat: 0.42,
  alpha: 0.1,
  fittedOn: {
    runs: 40,
    runsDigest: `0x${'ab'.repeat(32)}`,
    temperatureRuns: 20,
    conformalRuns: 20,
    guarantee: 'marginal' as const,
    seed: 7,
  },
};
const map = { ...body, digest: digestOf(body) };

describe('loadCalibrationMap', () => {
  it('gives the judge the temperature, q̂ and the digest it cites of a valid map', () => {
    expect(loadCalibrationMap(map)).toEqual({ digest: map.digest, temperature: 1.7, qHat: 0.42 });
    expect(loadCalibrationMapText(JSON.stringify(map)).digest).toBe(map.digest);
  });

  it('refuses a map edited after fitting, in words', () => {
    expect(() => loadCalibrationMap({ ...map, qHat: 0.9 })).toThrow(/does not match its digest/);
    expect(() => loadCalibrationMap({ ...map, fittedOn: { ...map.fittedOn, seed: 8 } })).toThrow(
      expect.objectContaining({ code: 'CALIBRATION_MAP_TAMPERED' }),
    );
  });

  it('refuses what is not a map, or not JSON, in words', () => {
    expect(() => loadCalibrationMap({ ...map, extra: 1 })).toThrow(/not one `npm run calibrate` writes/);
    expect(() => loadCalibrationMap({ ...map, temperature: -1 })).toThrow(
      expect.objectContaining({ code: 'CALIBRATION_MAP_INVALID' }),
    );
    expect(() => loadCalibrationMap(null)).toThrow(/not one `npm run calibrate` writes/);
    expect(() => loadCalibrationMapText('{ temperature: 1')).toThrow(/not JSON/);
  });
});
