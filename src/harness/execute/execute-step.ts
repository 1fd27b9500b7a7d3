import { digestOf } from '../../protocol/digest';
import type { Prepared } from '../authority/authorize-stage';
import { checkpoint, stop, type AdmittedEnv, type PhaseOutcome } from '../kernel/run-env';
import { finishStep } from '../receipts/step-receipt';
import { refusedReply, waitingReply } from '../reply/reply';
import { fileProposals } from './file-proposals';
import { handOffStep, specialistFor, type HandedTo } from './hand-off';
import { invokeTool } from './invoke';
import { isFailure } from './step-result';

/**
 * Step 9 as a stage, for one ready step. An act is checkpointed as `executing` (with its mandate) before anything happens, so
 * a worker stopped mid-act resumes into reconcile rather than into a second act; its mandate's call is counted
 * (idempotently, per effect) before the act; then invoke — or hand the step to a specialist under a child mandate
 * (./hand-off.ts) — receipt, effects.
 */
export async function executeStep(env: AdmittedEnv, p: Prepared): Promise<PhaseOutcome> {
  const { ctx, state } = env;
  const { st, tool, decision } = p;
  const acts = !tool.capability.informational;
  const presentedRef = decision.kind === 'allow' ? `mandate:${decision.mandateHash}` : decision.kind;
  if (acts) {
    st.status = 'executing';
    st.effectKey = p.input.effectKey;
    st.presentedRef = presentedRef;
    st.obligations = decision.kind === 'allow' ? decision.obligations.slice(0, 8) : [];
    if (decision.kind === 'allow') st.mandateHash = decision.mandateHash;
    await checkpoint(env);
    if (decision.kind === 'allow') {
      const spent = await ctx.authority.consumeCall({ hash: decision.mandateHash, effectKey: p.input.effectKey });
      if (!spent.ok) {
        st.status = 'refused';
        return stop(
          refusedReply(
            state,
            'denied',
            { code: spent.code, message: spent.reason },
            await ctx.vault.receipts.ofRun(state.runRef),
          ),
        );
      }
    }
  }
  const input = decision.kind === 'allow' ? { ...p.input, mandateHash: decision.mandateHash } : p.input;
  const specialist = specialistFor(env, p);
  let handedTo: HandedTo | null = null;
  let result;
  if (specialist !== null && decision.kind === 'allow') {
    ({ result, handedTo } = await handOffStep(env, specialist, { ...input, mandateHash: decision.mandateHash }));
  } else result = await invokeTool(ctx, input);
  if (isFailure(result) && tool.capability.executor === 'outside-agent' && acts === false) {
    // An outside agent that did not answer, or declined, leaves the question kept: the same run resumed asks again.
    st.status = 'pending';
    const on = tool.capability.outsideAgent?.agent ?? tool.id;
    return stop(
      waitingReply(state, {
        on,
        commitment: digestOf({ runRef: state.runRef, stepRef: st.stepRef, code: result.code }),
        text: result.reason,
      }),
    );
  }
  if (isFailure(result)) {
    st.status = 'refused';
    return stop(
      refusedReply(
        state,
        'failed',
        { code: result.code, message: result.reason },
        await ctx.vault.receipts.ofRun(state.runRef),
      ),
    );
  }
  if (result.txHash !== undefined) st.txHash = result.txHash;
  await finishStep(env, {
    st,
    tool,
    planStep: p.planStep,
    input,
    argSources: p.argSources,
    presentedRef,
    result,
    status: 'committed',
    ...(decision.kind === 'allow' ? { authority: decision.requirement.delegator } : {}),
    ...(handedTo !== null ? { handedTo } : {}),
  });
  if (tool.capability.kind === 'consult') {
    // What the outside agent proposed is filed by the harness, under its own gates (./file-proposals.ts).
    const executor = ctx.outsideAgents.get(tool.capability.outsideAgent?.agent ?? '');
    const proposals = executor?.proposals?.(result.value) ?? null;
    if (proposals !== null) await fileProposals(env, st, proposals, tool.capability);
  }
  return { kind: 'continue' };
}
