import { digestOf } from '../../protocol/digest';
import { authorizeStep, type AuthorityDecision } from '../authority/authority';
import { localActFor } from '../execute/local-acts';
import { reconcileStep } from '../execute/reconcile';
import type { ExecInput } from '../execute/step-result';
import { stepIdOf, type PlanStep } from '../plan/plan-schema';
import { describe, resolveStepArgs } from '../resolve/resolve';
import { authorityRequiredReply, promptReply, refusedReply } from '../reply/reply';
import type { Tool } from '../tools/tools';
import { bindArgs, type ResultsById } from '../resolve/bind';
import {
  labelFor,
  labelMap,
  personWords,
  resumeTokenOf,
  stepStateOf,
  stop,
  type PhaseOutcome,
  type RunEnv,
} from '../kernel/run-env';
import type { StepState } from '../kernel/run-state';
import { finishStep } from '../receipts/step-receipt';
import { alsoApproveFor } from '../authority/also-approve';
import { isControlRun, unguardedDecision } from '../kernel/control';

/**
 * Steps 7–8 for one step: bind its arguments to earlier results, resolve names to addresses (or stop with a data
 * or choice prompt), reconcile a step a crash left half-done, and decide its authority (or stop with
 * authority_required, a co-signature prompt, or a refusal in words). A step that is ready goes to execute.
 */
export type Prepared = {
  st: StepState;
  tool: Tool;
  planStep: PlanStep;
  input: ExecInput;
  argSources: Record<string, string>;
  decision: Extract<AuthorityDecision, { kind: 'informational' | 'self' | 'allow' }>;
};

export type PrepareOutcome = { kind: 'ready'; prepared: Prepared } | { kind: 'settled' } | PhaseOutcome;

export async function prepareStep(
  env: RunEnv,
  at: { planIndex: number; stepRef: string; item: unknown; results: ResultsById },
): Promise<PrepareOutcome> {
  const { state, ctx } = env;
  const planStep = state.plan!.steps[at.planIndex]!;
  const tool = env.tools.get(planStep.toolId)!;
  const st = stepStateOf(state, at.stepRef, at.planIndex, at.item);
  if (st.status === 'done' || st.status === 'skipped') return { kind: 'settled' };

  const bound = bindArgs(planStep, at.results, at.item);
  const sources: Record<string, string> = {};
  for (const [arg, value] of Object.entries(st.answers)) {
    bound[arg] = value;
    sources[arg] = 'supplied';
  }
  const absent = tool.capability.args.find((a) => a.required && bound[a.name] === undefined && !(a.kind === 'choice'));
  if (absent !== undefined)
    return dataPrompt(
      env,
      st,
      at.planIndex,
      absent.name,
      absent.kind,
      absent.description,
      `${absent.description || absent.name} is needed for this step.`,
    );

  const resolved = await resolveStepArgs(ctx, {
    tool,
    args: bound,
    asker: state.asker,
    addressee: state.addressee,
    chosen: st.chosen,
    sources,
  });
  if (resolved.kind === 'data')
    return dataPrompt(env, st, at.planIndex, resolved.arg, resolved.argKind, resolved.word, resolved.reason);
  if (resolved.kind === 'choice') {
    const resumeToken = resumeTokenOf(state, {
      kind: 'choice',
      stepRef: st.stepRef,
      arg: resolved.arg,
      word: resolved.word,
    });
    const options = resolved.candidates.map((c) => ({ value: c.address, label: describe(c) }));
    state.pending = {
      kind: 'choice',
      resumeToken,
      purpose: 'party',
      stepRef: st.stepRef,
      arg: resolved.arg,
      word: resolved.word,
      options,
    };
    const text = `Which “${resolved.word}” do you mean? ${options.map((o, i) => `${i + 1}. ${o.label}`).join('  ')}`;
    return stop(
      promptReply(state, resumeToken, {
        kind: 'choice',
        stepRef: st.stepRef,
        text,
        arg: resolved.arg,
        word: resolved.word,
        options,
      }),
    );
  }
  st.parties = resolved.parties.slice(0, 16);
  for (const p of resolved.parties)
    if (state.trace.resolutions.length < 32) state.trace.resolutions.push({ ...p, stepRef: st.stepRef });

  const input: ExecInput = {
    tool,
    args: resolved.args,
    stepRef: st.stepRef,
    runRef: state.runRef,
    asker: state.asker,
    addressee: state.addressee,
    labels: labelMap(env),
    words: state.words,
    material: state.material,
    inputs: observationsOf(env, planStep, at.results),
    mandateHash: st.mandateHash ?? null,
    effectKey: digestOf({ runRef: state.runRef, stepRef: st.stepRef, argsDigest: digestOf(resolved.args) }),
    trace: state.trace,
  };

  if (st.status === 'executing') {
    // A crash left this step's effect intended: reconcile before anything else, so it never happens twice.
    const found = await reconcileStep(ctx, { ...input, ...(st.txHash !== undefined ? { txHash: st.txHash } : {}) });
    if (found.kind === 'found') {
      await finishStep(env, {
        st,
        tool,
        planStep,
        input,
        argSources: resolved.argSources,
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
  } else {
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
        argSources: resolved.argSources,
        presentedRef: 'informational',
        result,
        status: 'skipped',
      });
      return { kind: 'settled' };
    }
  }

  const decision = isControlRun(ctx)
    ? unguardedDecision(tool)
    : await authorizeStep(ctx, {
        tool,
        args: resolved.args,
        argSources: resolved.argSources,
        stepRef: st.stepRef,
        run: {
          runRef: state.runRef,
          planDigest: state.planDigest!,
          ontologyDigest: state.ontologyDigest,
          playbookDigest: state.playbook?.digest ?? null,
          words: personWords(state),
        },
        asker: state.asker,
        addressee: state.addressee,
        door: state.door.kind === 'session' && env.door.kind === 'session' ? 'session' : 'ask-as-me',
        suppliedMandate: st.mandateHash ?? null,
        approvals: st.approvals,
        executing: st.status === 'executing',
      });
  traceAuthority(env, st, decision);
  switch (decision.kind) {
    case 'informational':
    case 'self':
    case 'allow':
      return { kind: 'ready', prepared: { st, tool, planStep, input, argSources: resolved.argSources, decision } };
    case 'authority-required': {
      const resumeToken = resumeTokenOf(state, {
        kind: 'authority',
        stepRef: st.stepRef,
        binding: decision.requirement.bindingDigest,
      });
      const also = await alsoApproveFor(env, {
        planIndex: at.planIndex,
        stepRef: st.stepRef,
        requirement: decision.requirement,
        results: at.results,
      });
      state.pending = {
        kind: 'authority',
        resumeToken,
        stepRef: st.stepRef,
        bindingDigest: decision.requirement.bindingDigest,
        requirement: decision.requirement,
        also,
      };
      const grantLink = `${ctx.settings.grantBase}?run=${encodeURIComponent(state.runRef)}`;
      return stop(
        authorityRequiredReply(state, {
          decision,
          tool,
          parties: st.parties,
          label: labelFor(env),
          grantLink,
          alsoApprove: also.map((r) => r.bindingDigest),
        }),
      );
    }
    case 'approval-required': {
      const resumeToken = resumeTokenOf(state, {
        kind: 'approval',
        stepRef: st.stepRef,
        digest: decision.approvalDigest,
        have: decision.have,
      });
      const need = decision.quorum - decision.have.length;
      const label = labelFor(env);
      const text = `This is ${decision.requirement.risk} risk: it needs ${need} more approval${need > 1 ? 's' : ''} from ${decision.approvers.map(label).join(' or ')} — they co-sign the approval request in their own Home Agent.`;
      // The prompt's details are kept with the checkpoint, so any face can show the approval exchange without a turn.
      state.pending = {
        kind: 'approval',
        resumeToken,
        stepRef: st.stepRef,
        approvalDigest: decision.approvalDigest,
        text,
        approvers: decision.approvers,
        quorum: decision.quorum,
        have: decision.have,
        requirement: decision.requirement,
      };
      return stop(
        promptReply(state, resumeToken, {
          kind: 'signature',
          stepRef: st.stepRef,
          text,
          approvalDigest: decision.approvalDigest,
          approvers: decision.approvers,
          quorum: decision.quorum,
          have: decision.have,
        }),
      );
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

function dataPrompt(
  env: RunEnv,
  st: StepState,
  planIndex: number,
  arg: string,
  argKind: string,
  label: string,
  reason: string,
): PhaseOutcome {
  const { state } = env;
  const resumeToken = resumeTokenOf(state, { kind: 'data', scope: 'step', stepRef: st.stepRef, arg });
  state.pending = {
    kind: 'data',
    resumeToken,
    scope: 'step',
    stepRef: st.stepRef,
    fields: [{ stepIndex: planIndex, arg, argKind, label: label.slice(0, 200), reason: reason.slice(0, 500) }],
  };
  return stop(
    promptReply(state, resumeToken, {
      kind: 'data',
      stepRef: st.stepRef,
      text: reason.slice(0, 2000),
      fields: [{ arg, argKind, label: label.slice(0, 200), reason: reason.slice(0, 300) }],
    }),
  );
}

function observationsOf(env: RunEnv, step: PlanStep, results: ResultsById): ExecInput['inputs'] {
  const refs = Object.values(step.args).flatMap((v) =>
    typeof v === 'object' && v !== null && '$ref' in v ? [v.$ref.split('.')[0]!] : [],
  );
  return refs.flatMap((id) => {
    const r = results.get(id);
    const tool = env.state.plan!.steps.find((s, i) => stepIdOf(s, i) === id)?.toolId ?? id;
    return r === undefined
      ? []
      : [
          {
            id,
            toolId: tool,
            source: r.source,
            text: r.text,
            ...(r.attribution !== undefined ? { attribution: r.attribution } : {}),
          },
        ];
  });
}

function traceAuthority(env: RunEnv, st: StepState, d: AuthorityDecision): void {
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
