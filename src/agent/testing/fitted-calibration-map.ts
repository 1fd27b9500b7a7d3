import { digestOf } from '../../protocol/digest';

const fitted = {
  temperature: 1.3,
  qHat: 0.5,
  alpha: 0.1,
  fittedOn: {
    runs: 40,
    runsDigest: `0x${'cd'.repeat(32)}` as const,
    temperatureRuns: 20,
    conformalRuns: 20,
    guarantee: 'marginal' as const,
    seed: 3,
  },
};

/** A calibration map as `npm run calibrate` writes one (the digest is digestOf everything else), built by hand. */
export const FITTED_CALIBRATION_MAP = { ...fitted, digest: digestOf(fitted) };
