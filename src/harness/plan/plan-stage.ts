import { unsupportedSentence } from '../compose/compose';
import { compiledFrom, groundFor } from '../ground/compiled-shapes';
import { knownParties } from '../ground/known-parties';
import { namesNothing, typedReading, type TypedReading } from '../ground/reading';
import { judgeApplies, judgeSkill } from '../judge/judge';
import { relationOf } from '../authority/standing';
import type { PlannedBy } from '../kernel/run-phase';
import { stop, type RunEnv, type StopOutcome } from '../kernel/run-env';
import { note } from '../kernel/trace';
import { answerReply } from '../reply/reply';
import type { ToolIndex } from '../tools/tools';
import { localFirst } from './local-first';
import { chainPlan, choosePlanAround } from './plan-choice';
import { plansAround } from './plan-around';
import { completeBackwards } from './regression-stage';
import type { Plan } from './plan-schema';
import { modelPlan } from './planner';
import { ruleBasedPlan, stepFor } from './rule-based';

/**
 * Steps 3–5 — ground, judge, plan — as one stage: what the run proposes to do, for admission (step 6) to take or
 * refuse. A plan the screen supplied, a skill the person chose, a compiled shape the words match, a reading that
 * names nothing, the judge's pick or its question, then the model planner and, failing it, the rule-based one.
 * Whichever proposes, plan regression completes the plan backwards from its goal (./regression-stage.ts).
 */
/** What the plan stage proposes: a plan and who planned it, or a stop (nothing fits). */
export type Proposal = { kind: 'plan'; plan: Plan; origin: PlannedBy } | StopOutcome;

export async function proposePlan(env: RunEnv): Promise<Proposal> {
  return completeBackwards(env, await propose(env));
}

async function propose(env: RunEnv): Promise<Proposal> {
  const { state, ctx } = env;
  const words = state.words;
  if (env.routed !== undefined) {
    // A routed step is the plan: the one step the person's own agent routed here, for admission to judge.
    state.trace.plannerUsed = 'routed';
    const { stepRef, toolId, args } = env.routed;
    return { kind: 'plan', plan: { steps: [{ id: stepRef, toolId, args }] }, origin: 'routed' };
  }
  if (env.request.plan !== undefined && state.skillChoice === null) {
    state.trace.plannerUsed = 'supplied';
    return {
      kind: 'plan',
      plan: { steps: env.request.plan.steps.map((s) => ({ toolId: s.toolId, args: s.args ?? {} })) },
      origin: 'supplied',
    };
  }
  if (state.skillChoice !== null) return aroundChoice(env, state.skillChoice);
  const grounding = groundFor({
    words,
    tools: env.tools,
    ownAgent: state.asker === state.addressee,
    parties: await knownParties(ctx.vault, state.asker),
  });
  const first = localFirst(env, grounding);
  if (first !== null) return first.kind === 'plan' ? { ...first, origin: 'compiled' } : first;
  if (ctx.settings.compiledShapes) {
    const hit = compiledFrom(grounding);
    if (hit !== null) {
      state.trace.plannerUsed = 'compiled';
      state.trace.shape = hit.shape;
      state.trace.skillStage = 'skipped';
      return { kind: 'plan', plan: hit.plan, origin: 'compiled' };
    }
  }
  const reading = await readingOf(env);
  // Without a model the reading is the only judge of scope; with one it is evidence for the judge and the planner.
  if (ctx.model === null && namesNothing(reading)) {
    state.trace.scope = 'nothing-named';
    state.trace.plannerUsed = 'scope';
    return {
      kind: 'plan',
      plan: { steps: [{ toolId: 'ask.unsupported', args: { question: words } }] },
      origin: 'compiled',
    };
  }
  state.trace.scope = namesNothing(reading) ? 'nothing-named' : 'in';
  let tools = env.tools;
  if (judgeApplies(ctx, env.tools)) {
    const judged = await judgeSkill(ctx, {
      words,
      reading,
      tools: env.tools,
      material: state.material,
      trace: state.trace,
    });
    if (judged.kind === 'chosen') return aroundChoice(env, judged.toolId, reading);
    if (judged.kind === 'clarify') {
      state.trace.plannerUsed = 'judgment';
      state.trace.skillStage = 'clarify';
      return {
        kind: 'plan',
        plan: { steps: [{ toolId: 'ask.clarify', args: { question: words, options: judged.options } }] },
        origin: 'judgment',
      };
    }
    state.trace.skillStage = 'handed-to-planner';
    tools = new Map([...env.tools].filter(([, t]) => t.skill === null));
  }
  if (ctx.model !== null) {
    const planned = await modelPlan(ctx, { ...(await plannerInput(env, tools, reading)), violations: [] });
    if (planned.ok) {
      state.trace.plannerUsed = 'model';
      state.trace.provider = ctx.model.provider;
      return { kind: 'plan', plan: planned.plan, origin: 'model' };
    }
    note(state.trace, `planner model failed (${planned.reason}); the rule-based planner ran`);
  }
  state.trace.plannerUsed = 'rule-based';
  return { kind: 'plan', plan: ruleBasedPlan({ words, tools, reading, grounding }), origin: 'rule-based' };
}

async function aroundChoice(env: RunEnv, toolId: string, known?: TypedReading): Promise<Proposal> {
  const { state } = env;
  const tool = env.tools.get(toolId);
  if (tool === undefined)
    return stop(
      answerReply(
        state,
        { text: unsupportedSentence(env.ctx.ontology, state.words), attributions: [], composedBy: 'template' },
        'unsupported',
      ),
    );
  state.trace.plannerUsed = 'judgment';
  state.trace.skillStage = 'chosen';
  if (tool.skill === null) return { kind: 'plan', plan: { steps: [stepFor(tool, state.words)] }, origin: 'judgment' };
  const reading = known ?? (await readingOf(env));
  const supplied = new Set(reading.terms.map((t) => t.classId));
  const options = plansAround({ pick: tool, tools: env.tools, supplied });
  const chosen = await choosePlanAround(env.ctx, {
    words: state.words,
    reading,
    pick: tool.id,
    options,
    trace: state.trace,
  });
  if (chosen.missing.length > 0)
    note(state.trace, `missing inputs, to be asked for rather than invented: ${chosen.missing.join(', ')}`);
  return { kind: 'plan', plan: chainPlan(chosen, state.words, env.tools), origin: 'judgment' };
}

async function readingOf(env: RunEnv): Promise<TypedReading> {
  const { ctx, state } = env;
  const full = ctx.settings.askerContext === 'full';
  const memory = full ? await ctx.vault.records.list({ type: 'memory', owner: state.asker, limit: 20 }) : [];
  return typedReading({
    words: state.words,
    ontology: ctx.ontology,
    tools: env.tools,
    relation: await relationOf(ctx, state.asker, state.addressee),
    outcome: state.intent.outcome,
    memoryTags: memory.flatMap((r) => (Array.isArray(r.data.tags) ? r.data.tags.map(String) : [])).slice(0, 20),
  });
}

async function plannerInput(env: RunEnv, tools: ToolIndex, known?: TypedReading) {
  const { ctx, state } = env;
  const held = await ctx.authority.held(state.addressee);
  return {
    words: state.words,
    reading: known ?? (await readingOf(env)),
    tools,
    doctrine: env.playbook?.instructions ?? '',
    heldMandates: held.map(
      (m) => `ALREADY granted authority to ${m.capability} (mandate ${m.hash.slice(0, 10)}…): do not choose another`,
    ),
    memory: [],
    material: state.material,
    trace: state.trace,
  };
}

/** A second plan after admission refused the first for violations a plan can mend; null when the model fails. */
export async function replanAfter(env: RunEnv, violations: string[]): Promise<Plan | null> {
  const replanned = await modelPlan(env.ctx, { ...(await plannerInput(env, env.tools)), violations });
  return replanned.ok ? replanned.plan : null;
}
