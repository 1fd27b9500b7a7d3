import { isControlRun, unguardedDecision } from '../kernel/control';
import { labelFor, runBindingOf, stepDoorOf, stop, type AdmittedEnv, type StopOutcome } from '../kernel/run-env';
import type { StepState } from '../kernel/run-state';
import { authorityPause, approvalPause } from '../reply/pause';
import { authorityRequiredReply, refusedReply } from '../reply/reply';
import type { ResolvedStep, StepAt } from '../resolve/resolve-stage';
import { alsoApproveFor } from './also-approve';
import { authorizeStep, type AuthorityDecision } from './authority';

/**
 * Step 8 as a stage, for one resolved step: decide its authority and either let it run (informational, self, a
 * verified mandate) or pause — authority_required with the mandate to sign (and the later steps the same signature
 * sitting can cover), a co-signature prompt — or refuse in words. Every decision is written to the plannerTrace.
 */
export type Prepared = ResolvedStep & {
  decision: Extract<AuthorityDecision, { kind: 'informational' | 'self' | 'allow' }>;
};
export type AuthorizeOutcome = { kind: 'ready'; prepared: Prepared } | StopOutcome;

export async function authorizeStage(env: AdmittedEnv, step: ResolvedStep, at: StepAt): Promise<AuthorizeOutcome> {
  const { state, ctx } = env;
  const { st, tool, input } = step;
  const decision = isControlRun(ctx)
    ? unguardedDecision(tool)
    : await authorizeStep(ctx, {
        tool,
        args: input.args,
        argSources: step.argSources,
        stepRef: st.stepRef,
        run: runBindingOf(state),
        asker: state.asker,
        addressee: state.addressee,
        door: stepDoorOf(env),
        suppliedMandate: st.mandateHash ?? null,
        approvals: st.approvals,
        executing: st.status === 'executing',
      });
  traceAuthority(env, st, decision);
  switch (decision.kind) {
    case 'informational':
    case 'self':
    case 'allow':
      return { kind: 'ready', prepared: { ...step, decision } };
    case 'authority-required': {
      const also = await alsoApproveFor(env, {
        planIndex: at.planIndex,
        stepRef: st.stepRef,
        requirement: decision.requirement,
        results: at.results,
      });
      const grantLink = `${ctx.settings.grantBase}?run=${encodeURIComponent(state.runRef)}`;
      return authorityPause(state, {
        stepRef: st.stepRef,
        requirement: decision.requirement,
        also,
        reply: authorityRequiredReply(state, {
          decision,
          tool,
          parties: st.parties,
          label: labelFor(env),
          grantLink,
          alsoApprove: also.map((r) => r.bindingDigest),
        }),
      });
    }
    case 'approval-required': {
      const need = decision.quorum - decision.have.length;
      const label = labelFor(env);
      const text = `This is ${decision.requirement.risk} risk: it needs ${need} more approval${need > 1 ? 's' : ''} from ${decision.approvers.map(label).join(' or ')} — they co-sign the approval request in their own Home Agent.`;
      // The prompt's details are kept with the checkpoint, so any face can show the approval exchange without a turn.
      return approvalPause(state, {
        stepRef: st.stepRef,
        approvalDigest: decision.approvalDigest,
        text,
        approvers: decision.approvers,
        quorum: decision.quorum,
        have: decision.have,
        requirement: decision.requirement,
      });
    }
    case 'deny':
      st.status = 'refused';
      return stop(
        refusedReply(
          state,
          'denied',
          { code: decision.code, message: decision.reason },
          await ctx.vault.receipts.ofRun(state.runRef),
        ),
      );
  }
}

function traceAuthority(env: AdmittedEnv, st: StepState, d: AuthorityDecision): void {
  const trace = env.state.trace.authority;
  const presentedRef =
    d.kind === 'allow'
      ? `mandate:${d.mandateHash}`
      : d.kind === 'self'
        ? 'self'
        : d.kind === 'informational'
          ? 'informational'
          : 'none';
  const outcome = d.kind === 'allow' ? 'allow' : d.kind;
  const entry = {
    stepRef: st.stepRef,
    presentedRef,
    outcome,
    obligations: d.kind === 'allow' ? d.obligations.slice(0, 8) : [],
    ...(d.kind === 'deny' ? { code: d.code.slice(0, 64) } : {}),
  } as const;
  const i = trace.findIndex((e) => e.stepRef === st.stepRef);
  if (i >= 0) trace[i] = entry;
  else if (trace.length < 32) trace.push(entry);
}
