import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAnthropicModel } from '../src/adapters/model/anthropic-model';
import { modelConfigFromEnv } from '../src/adapters/model/config';
import type { HarnessSettings } from '../src/harness';
import { HomeError } from '../src/protocol/errors';
import { loadCalibrationMap } from './calibration/map';
import { casesFromJson, casesFromOntology, type Case } from './cases';
import { caseLine, totalsLines } from './report';
import { runEvaluation } from './runner';
import { makeMemoryWorld, makeRealWorld } from './world';

/**
 * `npm run eval -- --cases FILE [--json]` (a JSON array of cases) or `--set heldout|dev|all` (the ontology's).
 *   --calibration FILE   judge with a calibration map (temperature scaling + conformal set), cited by digest
 *   --runs-out FILE      write the judge's labelled runs (JSON lines) for `npm run calibrate -- --runs FILE`
 *   --judge-profile fast|thorough   force the judge's profile (model runs only)
 *   --no-compiled-shapes evaluate the judge and planner without the compiled shapes
 *   --world real|memory  the real vault (Dexie on fake-indexeddb) and embedded chain (default), or the in-memory fakes
 * With no ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL it scores the deterministic path — real figures; with one, the model.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      cases: { type: 'string' },
      set: { type: 'string' },
      json: { type: 'boolean', default: false },
      calibration: { type: 'string' },
      'runs-out': { type: 'string' },
      'judge-profile': { type: 'string' },
      'no-compiled-shapes': { type: 'boolean', default: false },
      world: { type: 'string', default: 'real' },
    },
  });
  let cases: Case[];
  if (values.cases !== undefined) cases = casesFromJson(readFileSync(values.cases, 'utf8'), values.cases);
  else if (values.set === 'dev' || values.set === 'heldout' || values.set === 'all')
    cases = casesFromOntology(values.set);
  else {
    console.error('Usage: npm run eval -- --cases FILE [--json]  |  npm run eval -- --set heldout|dev|all [--json]');
    return 2;
  }
  if (values.world !== 'real' && values.world !== 'memory')
    throw new HomeError('EVAL_ARGS_INVALID', '--world is real or memory.');
  const makeWorld = values.world === 'real' ? makeRealWorld : makeMemoryWorld;
  const config = modelConfigFromEnv(process.env);
  const profile = values['judge-profile'];
  if (profile !== undefined && profile !== 'fast' && profile !== 'thorough')
    throw new HomeError('EVAL_ARGS_INVALID', '--judge-profile is fast or thorough.');
  const model =
    config === null
      ? null
      : createAnthropicModel({ ...config, ...(profile !== undefined ? { judgeProfile: profile } : {}) });
  const settings: Partial<HarnessSettings> = {};
  if (values.calibration !== undefined)
    settings.calibration = loadCalibrationMap(JSON.parse(readFileSync(values.calibration, 'utf8')));
  if (values['no-compiled-shapes']) settings.compiledShapes = false;
  // The harness asks in this profile too, so plannerTrace records the profile the judge actually answered in.
  if (profile !== undefined) settings.judgeProfile = profile;
  const modelLine =
    model === null
      ? 'model: none configured — the deterministic path (compiled shapes and the rule-based planner); these figures are real'
      : `model: anthropic (light ${model.config.lightModel}, composing ${model.config.composeModel}) at ${model.config.baseURL ?? 'https://api.anthropic.com'}`;
  if (!values.json) {
    console.log(modelLine);
    console.log(
      values.world === 'real'
        ? 'world: the real vault (Dexie on fake-indexeddb) and the embedded EVM, demo data'
        : "world: the harness's in-memory fakes, demo data",
    );
    const map = settings.calibration;
    if (map !== undefined && map !== null)
      console.log(`calibration map ${map.digest} (T ${map.temperature}, q̂ ${map.qHat})`);
    console.log(`${cases.length} case(s)\n`);
  }
  const evaluation = await runEvaluation(cases, {
    makeWorld,
    model,
    settings,
    ...(values.json ? {} : { onCase: (r) => console.log(caseLine(r)) }),
  });
  if (values['runs-out'] !== undefined)
    writeFileSync(
      values['runs-out'],
      evaluation.labelledRuns.map((r) => JSON.stringify(r)).join('\n') +
        (evaluation.labelledRuns.length > 0 ? '\n' : ''),
    );
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          world: values.world,
          model: model === null ? null : { provider: 'anthropic', ...model.config },
          calibration: settings.calibration ?? null,
          totals: evaluation.totals,
          cases: evaluation.results,
        },
        null,
        2,
      ),
    );
  } else {
    console.log('');
    for (const line of totalsLines(evaluation.totals)) console.log(line);
    if (values['runs-out'] !== undefined)
      console.log(`${evaluation.labelledRuns.length} labelled run(s) → ${values['runs-out']}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof HomeError ? `eval: ${error.message}` : error);
    process.exit(1);
  },
);
