import { authorizeStage, type Prepared } from '../authority/authorize-stage';
import { unsupportedSentence } from '../compose/compose';
import { executeStep } from '../execute/execute-step';
import { reconcileStage } from '../execute/reconcile-stage';
import { roomOf, routeStep } from '../execute/route';
import { stepStateOf, stop, type AdmittedEnv, type PhaseOutcome, type StopOutcome } from '../kernel/run-env';
import { isRef, stepIdOf, type PlanStep } from '../plan/plan-schema';
import { choicePause } from '../reply/pause';
import { answerReply } from '../reply/reply';
import { itemsOf, resultsById, whenHolds, type ResultsById } from '../resolve/bind';
import { resolveStage, type StepAt } from '../resolve/resolve-stage';

/**
 * Steps 7–9 over the admitted plan, in order: for each step resolve → authorize → execute (receipts as it finishes).
 * A step already done is replayed from its stored result, never re-run. Consecutive independent reads are prepared
 * one by one and then run in parallel. Fan-out runs one instance per item; `when` skips a step whose condition is
 * false. The meta tools stop the run: ask.unsupported with its fixed sentence, ask.clarify with a choice among
 * exactly the options it names.
 */
export async function runSteps(env: AdmittedEnv): Promise<PhaseOutcome> {
  const steps = env.state.plan.steps;
  for (let i = 0; i < steps.length;) {
    const step = steps[i];
    if (step === undefined) break;
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
    const results = resultsById(env.state.steps);
    const batch = readBatch(env, i);
    for (const at of batch.length > 1 ? batch : [i]) announce(env, at);
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

/** Tells the door a step is starting (its place in the plan and what it does), when the door listens. */
function announce(env: AdmittedEnv, index: number): void {
  const onStep = env.ctx.turn?.onStep;
  const step = env.state.plan.steps[index];
  if (onStep === undefined || step === undefined) return;
  const tool = env.tools.get(step.toolId);
  const label = tool?.skill?.label ?? tool?.capability.label ?? step.toolId;
  onStep({ step: index + 1, of: env.state.plan.steps.length, label: label.slice(0, 200) });
}

type PrepareOutcome = { kind: 'ready'; prepared: Prepared } | { kind: 'settled' } | StopOutcome;

/** One step up to its execution: resolve its arguments, route it or reconcile what a crash left, decide its authority. */
async function prepareStep(env: AdmittedEnv, at: StepAt): Promise<PrepareOutcome> {
  const resolved = await resolveStage(env, at);
  if (resolved.kind !== 'resolved') return resolved;
  // A step another agent judges goes there (../execute/route.ts); it is reconciled and authorized by that agent.
  const room = await roomOf(env, resolved.step);
  if (room !== null) return routeStep(env, resolved.step, room);
  const reconciled = await reconcileStage(env, resolved.step);
  if (reconciled.kind !== 'go') return reconciled;
  return authorizeStage(env, resolved.step, at);
}

/** The maximal run of plain reads starting at `start` that do not refer to one another. */
function readBatch(env: AdmittedEnv, start: number): number[] {
  const steps = env.state.plan.steps;
  const batch: number[] = [];
  const ids = new Set<string>();
  for (let i = start; i < steps.length; i++) {
    const s = steps[i];
    if (s === undefined) break;
    const tool = env.tools.get(s.toolId);
    if (tool === undefined || tool.capability.kind !== 'read' || s.forEach !== undefined || s.when !== undefined) break;
    if (Object.values(s.args).some((v) => isRef(v) && ids.has(v.$ref.split('.')[0] ?? v.$ref))) break;
    batch.push(i);
    ids.add(stepIdOf(s, i));
  }
  return batch;
}

async function runReads(env: AdmittedEnv, batch: number[], results: ResultsById): Promise<PhaseOutcome> {
  const ready: Prepared[] = [];
  for (const i of batch) {
    const step = env.state.plan.steps[i];
    if (step === undefined) continue;
    const prepared = await prepareStep(env, { planIndex: i, stepRef: stepIdOf(step, i), item: undefined, results });
    if (prepared.kind === 'stop') return prepared;
    if (prepared.kind === 'ready') ready.push(prepared.prepared);
  }
  const outcomes = await Promise.all(ready.map((p) => executeStep(env, p)));
  return outcomes.find((o) => o.kind === 'stop') ?? { kind: 'continue' };
}

/** ask.clarify: a choice among exactly the skills the step names, in the ontology's sentence. */
function clarify(env: AdmittedEnv, step: PlanStep): StopOutcome {
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
  const listed = options.map((o, n) => `${n + 1}. ${o.label}`).join('; ');
  const template = env.ctx.ontology.capabilities['ask.clarify']?.answerTemplate;
  const text =
    template !== undefined
      ? template.replaceAll('{options}', listed).replaceAll('{question}', state.words)
      : `Which did you mean: ${listed}?`;
  return choicePause(state, {
    token: { purpose: 'skill', options: ids },
    purpose: 'skill',
    stepRef: null,
    arg: 'skill',
    word: state.words.slice(0, 200),
    options,
    promptStepRef: 's1',
    text,
  });
}
