import { digestOf } from '../../protocol/digest';
import type { ExecInput } from '../execute/step-result';
import type { StepState } from '../kernel/run-state';
import { planStepAt } from '../kernel/run-phase';
import { labelMap, stepStateOf, toolOf, type AdmittedEnv, type StopOutcome } from '../kernel/run-env';
import { stepIdOf, type PlanStep } from '../plan/plan-schema';
import { choicePause, dataPause } from '../reply/pause';
import type { Tool } from '../tools/tools';
import { bindArgs, type ResultsById } from './bind';
import { describe, resolveStepArgs } from './resolve';

/**
 * Step 7 as a stage, for one step: bind its arguments to earlier results and the person's answers, resolve names to
 * addresses, and say what the step will be run with — or pause with a data prompt (an argument nobody gave, a name
 * that finds no one) or a choice (a name that finds several). A step already settled is left as it is.
 */
export type StepAt = { planIndex: number; stepRef: string; item: unknown; results: ResultsById };
export type ResolvedStep = {
  st: StepState;
  tool: Tool;
  planStep: PlanStep;
  input: ExecInput;
  argSources: Record<string, string>;
};
export type ResolveOutcome = { kind: 'resolved'; step: ResolvedStep } | { kind: 'settled' } | StopOutcome;

export async function resolveStage(env: AdmittedEnv, at: StepAt): Promise<ResolveOutcome> {
  const { state, ctx } = env;
  const planStep = planStepAt(state.plan, at.planIndex);
  const tool = toolOf(env, planStep.toolId);
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
    return askFor(env, st, at.planIndex, {
      arg: absent.name,
      argKind: absent.kind,
      label: absent.description,
      reason: `${absent.description || absent.name} is needed for this step.`,
    });

  const resolved = await resolveStepArgs(ctx, {
    tool,
    args: bound,
    asker: state.asker,
    addressee: state.addressee,
    chosen: st.chosen,
    sources,
  });
  if (resolved.kind === 'data')
    return askFor(env, st, at.planIndex, {
      arg: resolved.arg,
      argKind: resolved.argKind,
      label: resolved.word,
      reason: resolved.reason,
    });
  if (resolved.kind === 'choice') {
    const options = resolved.candidates.map((c) => ({ value: c.address, label: describe(c) }));
    return choicePause(state, {
      token: { stepRef: st.stepRef, arg: resolved.arg, word: resolved.word },
      purpose: 'party',
      stepRef: st.stepRef,
      arg: resolved.arg,
      word: resolved.word,
      options,
      promptStepRef: st.stepRef,
      text: `Which “${resolved.word}” do you mean? ${options.map((o, i) => `${i + 1}. ${o.label}`).join('  ')}`,
    });
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
  return { kind: 'resolved', step: { st, tool, planStep, input, argSources: resolved.argSources } };
}

function askFor(
  env: AdmittedEnv,
  st: StepState,
  planIndex: number,
  field: { arg: string; argKind: string; label: string; reason: string },
): StopOutcome {
  return dataPause(env.state, {
    scope: 'step',
    stepRef: st.stepRef,
    fields: [{ stepIndex: planIndex, ...field, label: field.label.slice(0, 200), reason: field.reason.slice(0, 500) }],
    promptStepRef: st.stepRef,
    text: field.reason.slice(0, 2000),
  });
}

/** What the earlier steps this one refers to observed: the composer attributes each to its source. */
function observationsOf(env: AdmittedEnv, step: PlanStep, results: ResultsById): ExecInput['inputs'] {
  const refs = Object.values(step.args).flatMap((v) =>
    typeof v === 'object' && v !== null && '$ref' in v ? [v.$ref.split('.')[0] ?? v.$ref] : [],
  );
  return refs.flatMap((id) => {
    const r = results.get(id);
    const tool = env.state.plan.steps.find((s, i) => stepIdOf(s, i) === id)?.toolId ?? id;
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
