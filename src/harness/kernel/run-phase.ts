import type { Hex } from 'viem';
import { HomeError } from '../../protocol/errors';
import type { Plan, PlanStep } from '../plan/plan-schema';
import type { RunState, StepState } from './run-state';

/**
 * A run by its phase. The checkpoint keeps one shape (./run-state.ts, schemaVersion 1) with nullable plan fields, so
 * old checkpoints read back unchanged; in memory the stages see the phase as a type. Until admission the plan may be
 * absent or not yet admitted (`planning`); once admitted, the plan, its digest and who planned it are all there
 * (`admitted`), and every stage after admission takes an AdmittedRun — no stage asserts a field is present.
 */
export type PlannedBy = NonNullable<RunState['plannedBy']>;
export type AdmittedRun = RunState & { plan: Plan; planDigest: Hex; plannedBy: PlannedBy };
export type RunPhase = { phase: 'planning'; state: RunState } | { phase: 'admitted'; state: AdmittedRun };

const isAdmitted = (state: RunState): state is AdmittedRun =>
  state.plan !== null && state.planDigest !== null && state.plannedBy !== null;

/** The run's phase, as a tagged value. */
export const phaseOf = (state: RunState): RunPhase =>
  isAdmitted(state) ? { phase: 'admitted', state } : { phase: 'planning', state };

/** A step that has run: its result is kept. */
export type FinishedStep = StepState & { result: NonNullable<StepState['result']> };
export const isFinished = (st: StepState): st is FinishedStep => st.result !== undefined;

/** Plan step `index`; its absence is a broken invariant (a checkpoint that does not agree with itself). */
export function planStepAt(plan: Plan, index: number): PlanStep {
  const step = plan.steps[index];
  if (step === undefined) throw new HomeError('RUN_BROKEN', `The run's plan has no step ${index + 1}.`);
  return step;
}
