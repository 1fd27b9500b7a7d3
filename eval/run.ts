import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAnthropicModel } from '../src/adapters/model/anthropic-model';
import { modelConfigFromEnv } from '../src/adapters/model/config';
import type { HarnessSettings, ModelPort } from '../src/harness';
import { HomeError } from '../src/protocol/errors';
import { loadCalibrationMap } from './calibration/map';
import { casesFromJson, casesFromOntology, type Case } from './cases';
import { caseLine, totalsLines } from './report';
import { runEvaluation } from './runner';
import { evalScriptedModel } from './scripted';
import { makeMemoryWorld, makeRealWorld } from './world';

/**
 * `npm run eval -- --cases FILE [--json]` (a JSON array of cases) or `--set heldout|dev|all` (the ontology's).
 *   --calibration FILE   judge with a calibration map (temperature scaling + conformal set), cited by digest
 *   --runs-out FILE      write the judge's labelled runs (JSON lines) for `npm run calibrate -- --runs FILE`
 *   --judge-profile fast|thorough   force the judge's profile (model runs only)
 *   --no-compiled-shapes evaluate the judge and planner without the compiled shapes
 *   --no-plan-regression plan without completing plans backwards from their goal (planRegression: 'off')
 *   --world real|memory  the real vault (Dexie on fake-indexeddb) and embedded chain (default), or the in-memory fakes
 *   --model none|scripted|both|env  the path scored: no model (the deterministic path), the scripted stand-in
 *                        (eval/scripted.ts: a model is configured, so every ask no grounded frame says reaches the
 *                        judge), both one after the other, or the model ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL name.
 *                        Default: env when one is configured, else both.
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
      'no-plan-regression': { type: 'boolean', default: false },
      world: { type: 'string', default: 'real' },
      model: { type: 'string' },
    },
  });
  let cases: Case[];
  if (values.cases !== undefined) cases = casesFromJson(readFileSync(values.cases, 'utf8'), values.cases);
  else if (values.set === 'dev' || values.set === 'heldout' || values.set === 'heldout-2' || values.set === 'all')
    cases = casesFromOntology(values.set);
  else {
    console.error(
      'Usage: npm run eval -- --cases FILE [--json]  |  npm run eval -- --set heldout|heldout-2|dev|all [--json]',
    );
    return 2;
  }
  if (values.world !== 'real' && values.world !== 'memory')
    throw new HomeError('EVAL_ARGS_INVALID', '--world is real or memory.');
  const makeWorld = values.world === 'real' ? makeRealWorld : makeMemoryWorld;
  const config = modelConfigFromEnv(process.env);
  const profile = values['judge-profile'];
  if (profile !== undefined && profile !== 'fast' && profile !== 'thorough')
    throw new HomeError('EVAL_ARGS_INVALID', '--judge-profile is fast or thorough.');
  const which = values.model ?? (config === null ? 'both' : 'env');
  if (!['none', 'scripted', 'both', 'env'].includes(which))
    throw new HomeError('EVAL_ARGS_INVALID', '--model is none, scripted, both or env.');
  if (which === 'env' && config === null)
    throw new HomeError('EVAL_ARGS_INVALID', '--model env needs ANTHROPIC_API_KEY or ANTHROPIC_BASE_URL.');
  const settings: Partial<HarnessSettings> = {};
  if (values.calibration !== undefined)
    settings.calibration = loadCalibrationMap(JSON.parse(readFileSync(values.calibration, 'utf8')));
  if (values['no-compiled-shapes']) settings.compiledShapes = false;
  if (values['no-plan-regression']) settings.planRegression = 'off';
  // The harness asks in this profile too, so plannerTrace records the profile the judge actually answered in.
  if (profile !== undefined) settings.judgeProfile = profile;
  const paths: { name: string; line: string; model: () => ModelPort | null }[] = [];
  if (which === 'none' || which === 'both')
    paths.push({
      name: 'none',
      line: 'model: none configured — the deterministic path (grounding, compiled shapes, the rule-based planner); these figures are real',
      model: () => null,
    });
  if (which === 'scripted' || which === 'both')
    paths.push({
      name: 'scripted',
      line: 'model: the scripted stand-in (eval/scripted.ts) — a model is configured, so the judge is asked; it measures the plumbing, not a model',
      model: () => evalScriptedModel(),
    });
  if (which === 'env' && config !== null) {
    const model = createAnthropicModel({ ...config, ...(profile !== undefined ? { judgeProfile: profile } : {}) });
    paths.push({
      name: 'anthropic',
      line: `model: anthropic (light ${model.config.lightModel}, composing ${model.config.composeModel}) at ${model.config.baseURL ?? 'https://api.anthropic.com'}`,
      model: () => model,
    });
  }
  const out: unknown[] = [];
  for (const path of paths) {
    if (!values.json) {
      console.log(path.line);
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
      // The scripted stand-in keeps no state a case could leak into the next: a fresh one per case.
      model: path.model(),
      freshModel: path.name === 'scripted' ? path.model : undefined,
      settings,
      ...(values.json ? {} : { onCase: (r) => console.log(caseLine(r)) }),
    });
    if (values['runs-out'] !== undefined && path.name !== 'none')
      writeFileSync(
        values['runs-out'],
        evaluation.labelledRuns.map((r) => JSON.stringify(r)).join('\n') +
          (evaluation.labelledRuns.length > 0 ? '\n' : ''),
      );
    if (values.json)
      out.push({
        path: path.name,
        world: values.world,
        calibration: settings.calibration ?? null,
        totals: evaluation.totals,
        cases: evaluation.results,
      });
    else {
      console.log('');
      console.log(`── ${path.name === 'none' ? 'no model' : path.name}`);
      for (const line of totalsLines(evaluation.totals)) console.log(line);
      if (values['runs-out'] !== undefined && path.name !== 'none')
        console.log(`${evaluation.labelledRuns.length} labelled run(s) → ${values['runs-out']}`);
      console.log('');
    }
  }
  if (values.json) console.log(JSON.stringify(out.length === 1 ? out[0] : out, null, 2));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof HomeError ? `eval: ${error.message}` : error);
    process.exit(1);
  },
);
