import type { HarnessReply } from '../../protocol/harness-reply';
import { damagedSentence } from '../execute/damaged';
import { filingOf } from '../execute/file-proposals';
import type { AdmittedEnv } from '../kernel/run-env';
import { isFinished, planStepAt, type FinishedStep } from '../kernel/run-phase';
import { answerReply, doneReply } from '../reply/reply';
import { composeAnswer, type Composed, type ComposeStep } from './compose';

/**
 * Steps 10–12 once every step has run: compose the answer from the steps' observations, then reply `done` (with
 * the receipts, the effects and the authority decisions) when anything acted, else `answer`.
 */
export async function composeRun(env: AdmittedEnv): Promise<HarnessReply> {
  const { ctx, state } = env;
  const finished = state.steps.filter(isFinished);
  const toolIdOf = (s: FinishedStep) => planStepAt(state.plan, s.planIndex).toolId;
  const steps: ComposeStep[] = finished.flatMap((s) => {
    const step: ComposeStep = {
      observation: {
        id: s.stepRef,
        toolId: toolIdOf(s),
        source: s.result.source,
        text: s.result.text,
        ...(s.result.attribution !== undefined ? { attribution: s.result.attribution } : {}),
      },
      templated: s.result.templated,
      ...(s.result.rows !== undefined ? { rows: s.result.rows } : {}),
    };
    // What the agent filed of an outside agent's proposals is its own sentence, beside (never inside) their words.
    const filing = filingOf(s.result.value);
    return filing === null
      ? [step]
      : [
          step,
          {
            observation: {
              id: `${s.stepRef}.filed`,
              toolId: filedToolIdOf(env, s),
              source: 'vault',
              text: filing.note,
            },
            templated: true,
          },
        ];
  });
  const composed = sayDamaged(
    await composeAnswer(ctx, { words: state.words, steps, material: state.material, trace: state.trace }),
    finished,
  );
  const acted = finished.some(
    (s) =>
      s.status === 'done' &&
      (env.tools.get(toolIdOf(s))?.capability.informational === false || (filingOf(s.result.value)?.filed ?? 0) > 0),
  );
  if (!acted) return answerReply(state, composed);
  const receipts = await ctx.vault.receipts.ofRun(state.runRef);
  return doneReply(state, {
    composed,
    receipts,
    effects: finished.flatMap((s) => s.effects.map((e) => ({ stepRef: s.stepRef, ...e }))),
    decisions: finished.flatMap((s) =>
      s.presentedRef !== undefined
        ? [{ stepRef: s.stepRef, presentedRef: s.presentedRef, obligations: s.obligations }]
        : [],
    ),
    partial: state.steps.some((s) => s.status === 'refused'),
  });
}

/** The tool a filing's sentence is composed under: the one its outside agent's executor names. */
function filedToolIdOf(env: AdmittedEnv, s: FinishedStep): string {
  const tool = env.tools.get(planStepAt(env.state.plan, s.planIndex).toolId);
  const executor = env.ctx.outsideAgents.get(tool?.capability.outsideAgent?.agent ?? '');
  return executor?.proposals?.(s.result.value)?.filedToolId ?? tool?.id ?? 'outside-agent';
}

/**
 * A composed answer never drops what a read could not read: each step's sentence says it, and when a composer's
 * answer carries none of them, the total is said after it.
 */
function sayDamaged(composed: Composed, finished: readonly FinishedStep[]): Composed {
  const counts = finished.map((s) => s.result.damaged?.count ?? 0).filter((n) => n > 0);
  if (counts.length === 0 || counts.some((n) => composed.text.includes(damagedSentence(n)))) return composed;
  return { ...composed, text: `${composed.text} ${damagedSentence(counts.reduce((a, b) => a + b, 0))}` };
}
