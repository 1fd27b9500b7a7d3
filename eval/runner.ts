import { type ModelPort, NOT_APPLICABLE, type HarnessSettings } from '../src/harness';
import { toWireError } from '../src/protocol/errors';
import type { LabelledRun } from './calibration/fit';
import type { Case } from './cases';
import { decisionOf, type Decision } from './decision';
import { scoreCase, totalsOf, type CaseResult, type Totals } from './score';
import { applyStartingState, whoOf, type MakeWorld } from './world';

/**
 * The evaluation runner: each case in a fresh world, through the real harness run loop (src/harness), with the
 * configured model port or none (the deterministic path: compiled shapes and the rule-based planner). A case that
 * errors is scored wrong with its error in words; it never stops the run. The judge's first distribution on a case
 * with a gold option becomes a labelled run for `npm run calibrate`.
 */
export type RunOptions = {
  makeWorld: MakeWorld;
  model: ModelPort | null;
  /** A new model port per case (a scripted stand-in keeps its calls), else `model` for every case. */
  freshModel?: (() => ModelPort | null) | undefined;
  settings?: Partial<HarnessSettings>;
  onCase?: (result: CaseResult) => void;
};
export type EvaluationResult = { results: CaseResult[]; totals: Totals; labelledRuns: LabelledRun[] };

export async function runEvaluation(cases: readonly Case[], options: RunOptions): Promise<EvaluationResult> {
  const results: CaseResult[] = [];
  const labelledRuns: LabelledRun[] = [];
  for (const c of cases) {
    const decision = await decide(c, options);
    const result = scoreCase(c, decision);
    results.push(result);
    options.onCase?.(result);
    const run = labelledRunOf(c, decision);
    if (run !== null) labelledRuns.push(run);
  }
  return { results, totals: totalsOf(results), labelledRuns };
}

async function decide(c: Case, options: RunOptions): Promise<Decision> {
  const failed = (error: unknown): Decision => ({
    behaviour: 'error',
    tools: [],
    options: [],
    reply: 'error',
    trace: null,
    error: toWireError(error).message,
  });
  try {
    const world = await options.makeWorld({
      model: options.freshModel !== undefined ? options.freshModel() : options.model,
      ...(options.settings !== undefined ? { settings: options.settings } : {}),
    });
    await applyStartingState(world, c.startingState);
    const { as, to } = whoOf(world, c);
    const res = await world.ask({ message: c.ask, as, to });
    if (res.ok) return await decisionOf(world, res.data.runRef, res.data.reply);
    const error = `${res.error.code}: ${res.error.message}`;
    // A run that stopped part-way (a port threw while executing) still made its decision: read it, mark the reply.
    const runRef = res.error.details?.runRef;
    if (typeof runRef === 'string') return { ...(await decisionOf(world, runRef, null)), error };
    return { behaviour: 'error', tools: [], options: [], reply: 'error', trace: null, error };
  } catch (error) {
    return failed(error);
  }
}

/** The judge's first answer and the gold option, when the case names one the judge was offered. */
function labelledRunOf(c: Case, d: Decision): LabelledRun | null {
  const selection = d.trace?.selection;
  const first = selection?.distributions[0];
  if (selection === undefined || first === undefined) return null;
  const gold =
    c.expectedBehaviour === 'decline' ? NOT_APPLICABLE : c.expectedBehaviour === 'route' ? c.expectedSkill : undefined;
  if (gold === undefined || !(gold in first)) return null;
  return { distribution: first, gold };
}
