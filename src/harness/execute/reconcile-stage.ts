import { stop, type AdmittedEnv, type StopOutcome } from '../kernel/run-env';
import { finishStep } from '../receipts/step-receipt';
import { refusedReply } from '../reply/reply';
import type { ResolvedStep } from '../resolve/resolve-stage';
import { localActFor } from './local-acts';
import { reconcileStep } from './reconcile';

/**
 * Before a resolved step is authorized: a step a crash left `executing` is reconciled first, so its effect never
 * happens twice (found: finished as committed; indeterminate: stopped in words); a local act the world already
 * shows is settled as skipped, with its receipt. Otherwise the step goes on to authority.
 */
export type ReconcileOutcome = { kind: 'go' } | { kind: 'settled' } | StopOutcome;

export async function reconcileStage(env: AdmittedEnv, step: ResolvedStep): Promise<ReconcileOutcome> {
  const { state, ctx } = env;
  const { st, tool, planStep, input, argSources } = step;
  if (st.status === 'executing') {
    const found = await reconcileStep(ctx, { ...input, ...(st.txHash !== undefined ? { txHash: st.txHash } : {}) });
    if (found.kind === 'found') {
      await finishStep(env, {
        st,
        tool,
        planStep,
        input,
        argSources,
        presentedRef: st.presentedRef ?? 'informational',
        result: found.result,
        status: 'committed',
      });
      return { kind: 'settled' };
    }
    if (found.kind === 'indeterminate') {
      return stop(
        refusedReply(
          state,
          'failed',
          {
            code: 'RECONCILE_INDETERMINATE',
            message: `I can't tell whether this already happened (${found.reason}), so I stopped rather than risk doing it twice.`,
          },
          [],
        ),
      );
    }
    return { kind: 'go' };
  }
  const act = localActFor(tool.id);
  if (act !== undefined && !tool.capability.informational && (await act.holds(ctx, input))) {
    const result = {
      text: act.already(input),
      value: null,
      source: 'vault' as const,
      observation: 'confirmed' as const,
      reconciled: false,
      templated: true,
    };
    await finishStep(env, {
      st,
      tool,
      planStep,
      input,
      argSources,
      presentedRef: 'informational',
      result,
      status: 'skipped',
    });
    return { kind: 'settled' };
  }
  return { kind: 'go' };
}
