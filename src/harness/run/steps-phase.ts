import type { StepResult } from '../execute/step-result';
import { isRef, stepIdOf, type PlanStep } from '../plan/plan-schema';
import { unsupportedSentence } from '../compose/compose';
import { answerReply, promptReply } from '../reply/reply';
import { itemsOf, whenHolds, type ResultsById } from '../resolve/bind';
import { resumeTokenOf, stepStateOf, stop, type PhaseOutcome, type RunEnv } from '../kernel/run-env';
import { executeStep } from '../execute/execute-step';
import { prepareStep, type Prepared } from './prepare-step';

/**
 * Steps 7–9 over the admitted plan, in order. A step already done is replayed from its stored result, never re-run.
 * Consecutive independent reads are prepared one by one and then run in parallel. Fan-out runs one instance per
 * item; `when` skips a step whose condition is false. The meta tools stop the run: ask.unsupported with its fixed
 * sentence, ask.clarify with a choice among exactly the options it names.
 */
export async function stepsPhase(env: RunEnv): Promise<PhaseOutcome> {
  const plan = env.state.plan!;
  let i = 0;
  while (i < plan.steps.length) {
    const step = plan.steps[i]!;
    if (step.toolId === 'ask.unsupported') {
      return stop(
        answerReply(
          env.state,
          { text: unsupportedSentence(env.ctx.ontology, env.state.words), attributions: [], composedBy: 'template' },
          'unsupported',
        ),
      );
    }
    if (step.toolId === 'ask.clarify') return clarify(env, step);
    const results = resultsById(env);
    const batch = readBatch(env, i);
    if (batch.length > 1) {
      const outcome = await runReads(env, batch, results);
      if (outcome.kind === 'stop') return outcome;
      i += batch.length;
      continue;
    }
    const id = stepIdOf(step, i);
    if (!whenHolds(step, results)) {
      stepStateOf(env.state, id, i).status = 'skipped';
      i++;
      continue;
    }
    const items = itemsOf(step, results);
    const instances =
      items === null
        ? [{ stepRef: id, item: undefined as unknown }]
        : items.map((item, j) => ({ stepRef: `${id}.${j + 1}`, item }));
    for (const at of instances) {
      const prepared = await prepareStep(env, { planIndex: i, ...at, results });
      if (prepared.kind === 'stop') return prepared;
      if (prepared.kind !== 'ready') continue;
      const executed = await executeStep(env, prepared.prepared);
      if (executed.kind === 'stop') return executed;
    }
    i++;
  }
  return { kind: 'continue' };
}

/** Results of finished steps by step id; a fan-out's value is the list of its instances' values. */
export function resultsById(env: RunEnv): ResultsById {
  const byId = new Map<string, StepResult[]>();
  for (const st of env.state.steps) {
    if (st.result === undefined) continue;
    const id = st.stepRef.split('.')[0]!;
    byId.set(id, [...(byId.get(id) ?? []), st.result]);
  }
  const out = new Map<string, StepResult>();
  for (const [id, list] of byId) {
    const fanned = env.state.steps.some((s) => s.stepRef.startsWith(`${id}.`));
    out.set(
      id,
      fanned
        ? {
            ...list[0]!,
            text: list.map((r) => r.text).join(' '),
            value: list.map((r) => r.value),
            rows: list.flatMap((r) => r.rows ?? []),
          }
        : list[0]!,
    );
  }
  return out;
}

/** The maximal run of plain reads starting at i that do not refer to one another. */
function readBatch(env: RunEnv, start: number): number[] {
  const steps = env.state.plan!.steps;
  const batch: number[] = [];
  for (let i = start; i < steps.length; i++) {
    const s = steps[i]!;
    const tool = env.tools.get(s.toolId);
    if (tool === undefined || tool.capability.kind !== 'read' || s.forEach !== undefined || s.when !== undefined) break;
    const ids = new Set(batch.map((j) => stepIdOf(steps[j]!, j)));
    if (Object.values(s.args).some((v) => isRef(v) && ids.has(v.$ref.split('.')[0]!))) break;
    batch.push(i);
  }
  return batch;
}

async function runReads(env: RunEnv, batch: number[], results: ResultsById): Promise<PhaseOutcome> {
  const ready: Prepared[] = [];
  for (const i of batch) {
    const prepared = await prepareStep(env, {
      planIndex: i,
      stepRef: stepIdOf(env.state.plan!.steps[i]!, i),
      item: undefined,
      results,
    });
    if (prepared.kind === 'stop') return prepared;
    if (prepared.kind === 'ready') ready.push(prepared.prepared);
  }
  const outcomes = await Promise.all(ready.map((p) => executeStep(env, p)));
  return outcomes.find((o) => o.kind === 'stop') ?? { kind: 'continue' };
}

function clarify(env: RunEnv, step: PlanStep): PhaseOutcome {
  const { state } = env;
  const ids = Array.isArray(step.args.options)
    ? step.args.options.filter((o): o is string => typeof o === 'string')
    : [];
  const options = ids.map((id) => {
    const tool = env.tools.get(id);
    return {
      value: id,
      label:
        tool?.skill !== null && tool?.skill !== undefined
          ? `${tool.skill.label} — ${tool.skill.purpose}`
          : (tool?.capability.label ?? id),
    };
  });
  const resumeToken = resumeTokenOf(state, { kind: 'choice', purpose: 'skill', options: ids });
  state.pending = {
    kind: 'choice',
    resumeToken,
    purpose: 'skill',
    stepRef: null,
    arg: 'skill',
    word: state.words.slice(0, 200),
    options,
  };
  const listed = options.map((o, n) => `${n + 1}. ${o.label}`).join('; ');
  const template = env.ctx.ontology.capabilities['ask.clarify']?.answerTemplate;
  const text =
    template !== undefined
      ? template.replaceAll('{options}', listed).replaceAll('{question}', state.words)
      : `Which did you mean: ${listed}?`;
  return stop(
    promptReply(state, resumeToken, {
      kind: 'choice',
      stepRef: 's1',
      text,
      arg: 'skill',
      word: state.words.slice(0, 200),
      options,
    }),
  );
}
