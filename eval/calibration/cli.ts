import { parseArgs } from 'node:util';
import { digestOfText } from '../../src/protocol/digest';
import { HomeError } from '../../src/protocol/errors';
import { LabelledRun, type Guarantee } from './fit';
import { fitCalibrationMap } from './map';
import { calibrationProof } from './proof';
import { seededRng } from './rng';
import { syntheticRuns } from './synthetic';

/**
 * `npm run calibrate` —
 *   --runs FILE [--alpha 0.1] [--guarantee marginal|pac] [--delta 0.05] [--seed 1] [--out FILE]
 *        fit temperature scaling and the split-conformal q̂ on labelled runs (JSON lines of { distribution, gold },
 *        e.g. what `npm run eval -- --runs-out FILE` writes) and print (or write) the calibration map
 *   --proof [--json]   the calibration proof on synthetic judge outputs with known temperatures
 *   --synthetic FILE --temperature T [--n 2000] [--seed 7]   write synthetic labelled runs (to try --runs on)
 */
export type CliIo = {
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  out(text: string): void;
  err(text: string): void;
};

export function readRuns(text: string): LabelledRun[] {
  const runs: LabelledRun[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new HomeError('CALIBRATION_RUNS_INVALID', `Line ${i + 1} of the runs file is not JSON.`);
    }
    const parsed = LabelledRun.safeParse(json);
    if (!parsed.success)
      throw new HomeError(
        'CALIBRATION_RUNS_INVALID',
        `Line ${i + 1} is not a labelled run { distribution, gold }: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
      );
    runs.push(parsed.data);
  });
  return runs;
}

export function runCalibrate(argv: string[], io: CliIo): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      alpha: { type: 'string', default: '0.1' },
      guarantee: { type: 'string', default: 'marginal' },
      delta: { type: 'string', default: '0.05' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      proof: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      synthetic: { type: 'string' },
      temperature: { type: 'string', default: '2' },
      n: { type: 'string', default: '2000' },
    },
  });
  const number = (name: string, text: string, ok: (x: number) => boolean) => {
    const x = Number(text);
    if (!Number.isFinite(x) || !ok(x))
      throw new HomeError('CALIBRATION_ARGS_INVALID', `--${name} ${text} is out of range.`);
    return x;
  };
  if (values.proof) {
    const proof = calibrationProof();
    if (values.json) io.out(JSON.stringify(proof, null, 2));
    else {
      io.out('Calibration proof on synthetic judge outputs (seeded; the same figures fit.test.ts asserts)');
      for (const r of proof.recovery) io.out(`  known T = ${r.known}: fitted ${r.fitted} (error ${r.errorPct}%)`);
      for (const c of proof.coverage) {
        io.out(
          `  α = ${c.alpha}: marginal mean coverage ${c.marginalMean} over ${c.marginalReps} calibrations of 98 runs; pac (δ 0.01) held-out ${c.pacHeldOut} at q̂ ${c.pacQHat} — target ≥ ${1 - c.alpha}`,
        );
      }
    }
    return 0;
  }
  if (values.synthetic !== undefined) {
    const runs = syntheticRuns({
      n: number('n', values.n, (x) => Number.isInteger(x) && x > 0 && x <= 1e6),
      temperature: number('temperature', values.temperature, (x) => x > 0 && x <= 100),
      rng: seededRng(number('seed', values.seed, Number.isInteger)),
    });
    io.writeFile(values.synthetic, `${runs.map((r) => JSON.stringify(r)).join('\n')}\n`);
    io.out(
      `wrote ${runs.length} synthetic labelled runs (judge temperature ${values.temperature}) to ${values.synthetic}`,
    );
    return 0;
  }
  if (values.runs === undefined) {
    io.err(
      'Usage: npm run calibrate -- --runs FILE [--alpha 0.1] [--guarantee marginal|pac] [--delta 0.05] [--seed 1] [--out FILE]  |  --proof  |  --synthetic FILE --temperature T',
    );
    return 2;
  }
  const text = io.readFile(values.runs);
  const alpha = number('alpha', values.alpha, (x) => x > 0 && x < 1);
  let guarantee: Guarantee;
  if (values.guarantee === 'marginal') guarantee = { kind: 'marginal' };
  else if (values.guarantee === 'pac')
    guarantee = { kind: 'pac', delta: number('delta', values.delta, (x) => x > 0 && x < 1) };
  else throw new HomeError('CALIBRATION_ARGS_INVALID', `--guarantee is marginal or pac, not ${values.guarantee}.`);
  const map = fitCalibrationMap(readRuns(text), {
    alpha,
    guarantee,
    seed: number('seed', values.seed, Number.isInteger),
    runsDigest: digestOfText(text),
  });
  const json = `${JSON.stringify(map, null, 2)}\n`;
  if (values.out !== undefined) {
    io.writeFile(values.out, json);
    io.out(
      `calibration map ${map.digest}: T = ${map.temperature}, q̂ = ${map.qHat} at α = ${alpha} (${map.fittedOn.temperatureRuns} runs for T, ${map.fittedOn.conformalRuns} for q̂) → ${values.out}`,
    );
  } else io.out(json.trimEnd());
  return 0;
}
