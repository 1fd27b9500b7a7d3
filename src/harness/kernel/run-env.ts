import type { AskRequest } from '../../protocol/ask';
import type { RoutedStep } from '../../protocol/routed';
import { HomeError } from '../../protocol/errors';
import type { HarnessReply } from '../../protocol/harness-reply';
import type { HarnessContext } from './context';
import type { DoorRecord } from '../doors/doors';
import type { PlaybookScope } from '../playbook/playbook';
import type { Tool, ToolIndex } from '../tools/tools';
import type { Address } from './ports';
import type { Relation } from '../ground/reading';
import type { AdmittedRun } from './run-phase';
import { newStepState, RunStateSchema, type RunState, type StepState } from './run-state';

/**
 * One turn of a run: the context, the run's state, and what this turn computed (tools, playbook, door). `S` is the
 * run's phase (./run-phase.ts): the stages after admission take an AdmittedEnv.
 */
export type RunEnv<S extends RunState = RunState> = {
  ctx: HarnessContext;
  state: S;
  request: AskRequest;
  tools: ToolIndex;
  playbook: PlaybookScope | null;
  /** The door of this turn (the run's own door is state.door). */
  door: DoorRecord;
  harnessAgent: Address;
  /** The asker's standing towards the addressee. */
  relation: Relation;
  agentNames: Map<string, string>;
  /** A fresh run through the routed door: the one step the person's own agent routed here (../doors/routed.ts). */
  routed?: RoutedStep;
};

export type AdmittedEnv = RunEnv<AdmittedRun>;

/** A phase either lets the run go on or stops it with a reply. */
export type StopOutcome = { kind: 'stop'; reply: HarnessReply };
export type PhaseOutcome = { kind: 'continue' } | StopOutcome;
export const stop = (reply: HarnessReply): StopOutcome => ({ kind: 'stop', reply });

/** The person's own words for admission: their message and their answers to prompts — never material. */
export const personWords = (state: RunState): string => [state.words, ...state.answered].join('\n');

/** Address → the label the person knows it by (asker = "you"). */
export function labelFor(env: RunEnv): (v: unknown) => string {
  const map = new Map(env.agentNames);
  for (const st of env.state.steps) for (const p of st.parties) map.set(p.address.toLowerCase(), p.label);
  map.set(env.state.asker.toLowerCase(), 'you');
  return (v) => (typeof v === 'string' ? (map.get(v.toLowerCase()) ?? v) : String(v));
}

export function labelMap(env: RunEnv): Map<string, string> {
  const label = labelFor(env);
  const map = new Map<string, string>();
  for (const st of env.state.steps) for (const p of st.parties) map.set(p.address.toLowerCase(), p.label);
  for (const [k] of env.agentNames) map.set(k, label(k));
  map.set(env.state.asker.toLowerCase(), 'you');
  return map;
}

export function stepStateOf(state: RunState, stepRef: string, planIndex: number, item?: unknown): StepState {
  const found = state.steps.find((s) => s.stepRef === stepRef);
  if (found !== undefined) return found;
  const created = newStepState(stepRef, planIndex, item);
  state.steps.push(created);
  return created;
}

/** The step a pending prompt names; its absence is a broken invariant, not an outcome. */
export function findStep(state: RunState, stepRef: string): StepState {
  const found = state.steps.find((s) => s.stepRef === stepRef);
  if (found === undefined) throw new HomeError('RUN_BROKEN', `The run has no step ${stepRef}.`);
  return found;
}

/** The tool a plan step names; admission checked it exists, so its absence is a broken invariant. */
export function toolOf(env: RunEnv, toolId: string): Tool {
  const tool = env.tools.get(toolId);
  if (tool === undefined)
    throw new HomeError('RUN_BROKEN', `The run's plan names ${toolId}, which this agent has not.`);
  return tool;
}

/** What an admitted run binds into every authority decision (the mandate's intent binding). */
export const runBindingOf = (state: AdmittedRun) => ({
  runRef: state.runRef,
  planDigest: state.planDigest,
  ontologyDigest: state.ontologyDigest,
  playbookDigest: state.playbook?.digest ?? null,
  words: personWords(state),
});

/** The door a step's authority is decided for: the session only when the run and this turn both came through it. */
export const stepDoorOf = (env: RunEnv): 'session' | 'ask-as-me' =>
  env.state.door.kind === 'session' && env.door.kind === 'session' ? 'session' : 'ask-as-me';

/** Writes the run's checkpoint (validated first: a run that does not fit its schema is a bug, not a row). */
export async function checkpoint(env: RunEnv): Promise<void> {
  const s = env.state;
  s.updatedAt = env.ctx.clock.now();
  const state = RunStateSchema.parse(s);
  await env.ctx.vault.runs.put({
    runRef: s.runRef,
    addressee: s.addressee,
    asker: s.asker,
    status: s.status,
    expiresAt: s.expiresAt,
    state,
  });
}

/** Records an admission verdict in the trace, inside its cap. */
export function traceAdmission(state: RunState, entry: RunState['trace']['admission'][number]): void {
  if (state.trace.admission.length >= 4) state.trace.admission.shift();
  state.trace.admission.push({ ...entry, violations: entry.violations.slice(0, 32) });
}
