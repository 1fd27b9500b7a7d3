import type { Supplied } from '../../protocol/ask';
import { HomeError, type WireError } from '../../protocol/errors';
import { planStepAt } from '../kernel/run-phase';
import type { RunState } from '../kernel/run-state';
import type { Plan } from '../plan/plan-schema';
import { declineRouted } from '../execute/route';
import { refusedReply } from './reply';
import { findStep, stop, type PhaseOutcome, type RunEnv } from '../kernel/run-env';

/**
 * A resume carries only what the person did (seed 001 §2). Each answer must name the prompt the run is waiting on
 * by its resumeToken (a mandate names its step), so an answer can never be applied to another question. A choice
 * must be one of the options offered; a confirmed choice of a party is remembered — as evidence, scoped to (word,
 * capability, argument), and only from the person's own session. A decline ends the run, refused, with the reason.
 */
export type SuppliedOutcome = PhaseOutcome | { kind: 'reject'; error: WireError };

const stale: SuppliedOutcome = {
  kind: 'reject',
  error: { code: 'STALE_ANSWER', message: 'That answer is for a question this run is no longer asking.' },
};
/**
 * A step left `executing` means the worker stopped while the act was under way: it may already have happened (a
 * payment sent, its receipt not yet written); every step settled with no prompt means it stopped after them, before
 * the run's own record. Declining then would end the run "Nothing was done" over money that moved — so the decline
 * is refused in words, the checkpoint untouched, and the person sends it again: the resume reconciles before acting,
 * finishing what happened or doing it once.
 */
const interrupted = ({ state }: RunEnv): boolean =>
  state.steps.some((st) => st.status === 'executing') ||
  (state.pending === null && state.steps.length > 0 && state.steps.every((st) => st.status !== 'pending'));

const underWay: SuppliedOutcome = {
  kind: 'reject',
  error: {
    code: 'ACT_UNDER_WAY',
    message:
      'Home Agent stopped while it was carrying this out, so it may already have happened; it cannot be dropped now. Send it again to finish it — nothing will be done twice.',
  },
};

/** The plan a step-scoped or plan-scoped prompt was asked over; a prompt without one is a broken checkpoint. */
function planOf(state: RunState): Plan {
  if (state.plan === null) throw new HomeError('RUN_BROKEN', 'The run waits on a step of a plan it does not have.');
  return state.plan;
}

/** The step a step's prompt names; a step prompt with none is a broken checkpoint. */
function stepRefOf(pending: { stepRef: string | null }): string {
  if (pending.stepRef === null) throw new HomeError('RUN_BROKEN', 'The run waits on a step it does not name.');
  return pending.stepRef;
}

export async function applySupplied(env: RunEnv, supplied: readonly Supplied[]): Promise<SuppliedOutcome> {
  const { state, ctx } = env;
  const pending = state.pending;
  for (const s of supplied) {
    if (s.kind === 'decline') {
      if (s.resumeToken !== undefined && s.resumeToken !== pending?.resumeToken) return stale;
      if (interrupted(env)) return underWay;
      await declineRouted(env, s.reason);
      state.pending = null;
      return stop(
        refusedReply(
          state,
          'declined',
          {
            code: 'DECLINED',
            message: `You declined${s.reason !== undefined ? `: ${s.reason}` : ''}. Nothing was done.`,
          },
          await ctx.vault.receipts.ofRun(state.runRef),
        ),
      );
    }
    if (pending === null) return stale;
    if (s.kind === 'mandate') {
      if (pending.kind !== 'authority' || pending.stepRef !== s.stepRef) return stale;
      findStep(state, s.stepRef).mandateHash = s.mandateHash;
      continue;
    }
    if (s.resumeToken !== pending.resumeToken) return stale;
    if (s.kind === 'approval') {
      if (pending.kind !== 'approval') return stale;
      const st = findStep(state, pending.stepRef);
      if (st.approvals.length < 16) st.approvals.push({ approver: s.approver, signature: s.signature });
      continue;
    }
    if (s.kind === 'answer') {
      if (pending.kind !== 'data') return stale;
      for (const f of pending.fields) {
        const value = s.values[f.arg]?.trim();
        if (value === undefined || value === '')
          return { kind: 'reject', error: { code: 'ANSWER_INCOMPLETE', message: `Please give ${f.label}.` } };
        if (pending.scope === 'plan') {
          const step = planStepAt(planOf(state), f.stepIndex);
          step.args = { ...step.args, [f.arg]: value };
        } else {
          findStep(state, stepRefOf(pending)).answers[f.arg] = value;
        }
        if (state.answered.length < 32) state.answered.push(value);
      }
      continue;
    }
    if (pending.kind !== 'choice') return stale;
    const option = pending.options.find((o) => o.value.toLowerCase() === s.choice.toLowerCase());
    if (option === undefined)
      return { kind: 'reject', error: { code: 'NOT_AN_OPTION', message: 'Choose one of the options offered.' } };
    if (pending.purpose === 'skill') {
      state.skillChoice = option.value;
      state.plan = null;
      state.planDigest = null;
      state.steps = [];
      continue;
    }
    const st = findStep(state, stepRefOf(pending));
    st.chosen[pending.arg] = option.value;
    if (env.door.kind === 'session' && state.door.kind === 'session') {
      const capability = planStepAt(planOf(state), st.planIndex).toolId;
      await ctx.vault.confirmations.put({
        asker: state.asker,
        word: pending.word.toLowerCase(),
        capability,
        argument: pending.arg,
        chosen: option.value as `0x${string}`,
        label: option.label,
        at: ctx.clock.now(),
      });
    }
  }
  state.pending = null;
  return { kind: 'continue' };
}
