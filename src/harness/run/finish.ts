import type { HarnessReply } from '../../protocol/harness-reply';
import { composeAnswer, type Composed, type ComposeStep } from '../compose/compose';
import { damagedSentence } from '../execute/damaged';
import { exportRunProvenance } from '../receipts/prov-export';
import { answerReply, doneReply } from '../reply/reply';
import { filingOf } from './coach-filing';
import type { RunEnv } from '../kernel/run-env';

/**
 * Steps 10–12 once every step has run: compose the answer from the steps' observations, then reply `done` (with
 * the receipts, the effects and the authority decisions) when anything acted, else `answer`.
 */
export async function finishRun(env: RunEnv): Promise<HarnessReply> {
  const { ctx, state } = env;
  const finished = state.steps.filter((s) => s.result !== undefined);
  const steps: ComposeStep[] = finished.flatMap((s) => {
    const step: ComposeStep = {
      observation: {
        id: s.stepRef,
        toolId: state.plan!.steps[s.planIndex]!.toolId,
        source: s.result!.source,
        text: s.result!.text,
        ...(s.result!.attribution !== undefined ? { attribution: s.result!.attribution } : {}),
      },
      templated: s.result!.templated,
      ...(s.result!.rows !== undefined ? { rows: s.result!.rows } : {}),
    };
    // What the agent filed of an outside agent's proposals is its own sentence, beside (never inside) their words.
    const filing = filingOf(s.result!.value);
    return filing === null
      ? [step]
      : [
          step,
          {
            observation: {
              id: `${s.stepRef}.filed`,
              toolId: 'cabinet.guidance.file',
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
      (env.tools.get(state.plan!.steps[s.planIndex]!.toolId)?.capability.informational === false ||
        (filingOf(s.result!.value)?.filed ?? 0) > 0),
  );
  if (!acted) return answerReply(state, composed);
  const receipts = await ctx.vault.receipts.ofRun(state.runRef);
  return doneReply(state, {
    composed,
    receipts,
    effects: finished.flatMap((s) => s.effects.map((e) => ({ stepRef: s.stepRef, ...e }))),
    decisions: finished
      .filter((s) => s.presentedRef !== undefined)
      .map((s) => ({ stepRef: s.stepRef, presentedRef: s.presentedRef!, obligations: s.obligations })),
    partial: state.steps.some((s) => s.status === 'refused'),
  });
}

/**
 * A composed answer never drops what a read could not read: each step's sentence says it, and when a composer's
 * answer carries none of them, the total is said after it.
 */
function sayDamaged(composed: Composed, finished: RunEnv['state']['steps']): Composed {
  const counts = finished.map((s) => s.result?.damaged?.count ?? 0).filter((n) => n > 0);
  if (counts.length === 0 || counts.some((n) => composed.text.includes(damagedSentence(n)))) return composed;
  return { ...composed, text: `${composed.text} ${damagedSentence(counts.reduce((a, b) => a + b, 0))}` };
}

/** Writes run.provenance:<runRef> (PROV-O JSON-LD) when the run has receipts; says whether it did. */
export async function writeProvenance(env: RunEnv): Promise<boolean> {
  const { ctx, state } = env;
  const receipts = await ctx.vault.receipts.ofRun(state.runRef);
  if (receipts.length === 0) return false;
  const body = exportRunProvenance({
    runRef: state.runRef,
    asker: state.asker,
    addressee: state.addressee,
    harnessAgent: env.harnessAgent,
    planDigest: state.planDigest,
    startedAt: state.createdAt,
    endedAt: ctx.clock.now(),
    receipts,
  });
  await ctx.vault.provenance.put({
    id: `run.provenance:${state.runRef}`,
    runRef: state.runRef,
    kind: 'run.provenance',
    body,
    at: ctx.clock.now(),
    expiresAt: state.expiresAt,
  });
  return true;
}
