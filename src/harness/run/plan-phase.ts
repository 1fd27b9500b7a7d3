import { digestOf } from '../../protocol/digest';
import { admitPlan, describeViolations } from '../admission/admission';
import { NO_PLAYBOOK_SENTENCE, unsupportedSentence } from '../compose/compose';
import { matchCompiledShape } from '../ground/compiled-shapes';
import { namesNothing, typedReading, type TypedReading } from '../ground/reading';
import { judgeApplies, judgeSkill } from '../judge/judge';
import { chainPlan, choosePlanAround } from '../plan/plan-choice';
import { plansAround } from '../plan/plan-around';
import { modelPlan } from '../plan/planner';
import { isControlRun } from '../kernel/control';
import { ruleBasedPlan, stepFor } from '../plan/rule-based';
import type { Plan } from '../plan/plan-schema';
import { relationOf } from '../authority/standing';
import { answerReply, promptReply, refusedReply } from '../reply/reply';
import type { ToolIndex } from '../tools/tools';
import { personWords, resumeTokenOf, stop, traceAdmission, type PhaseOutcome, type RunEnv } from '../kernel/run-env';
import type { RunState } from '../kernel/run-state';
import { note } from '../kernel/trace';

/**
 * Steps 3–6 — ground, judge, plan, admit — until the run holds an admitted plan (planDigest set), or stops with a
 * prompt (dropped args), an answer (nothing fits) or a refusal (a plan admission will not take).
 */
type Origin = NonNullable<RunState['plannedBy']>;
type Proposal = { kind: 'plan'; plan: Plan; origin: Origin } | { kind: 'stop'; outcome: PhaseOutcome };

export async function planPhase(env: RunEnv): Promise<PhaseOutcome> {
  const { state } = env;
  if (state.plan !== null && state.planDigest !== null) return { kind: 'continue' };
  if (env.playbook === null && env.request.plan === undefined) {
    note(state.trace, 'bare harness: no playbook');
    return stop(
      answerReply(state, { text: NO_PLAYBOOK_SENTENCE, attributions: [], composedBy: 'template' }, 'unsupported'),
    );
  }
  let proposal: Proposal =
    state.plan !== null && state.plannedBy !== null
      ? { kind: 'plan', plan: state.plan, origin: state.plannedBy }
      : await propose(env);
  for (let round = 0; round < 2; round++) {
    if (proposal.kind === 'stop') return proposal.outcome;
    const verdict: ReturnType<typeof admitPlan> = isControlRun(env.ctx)
      ? { kind: 'continue', plan: proposal.plan }
      : admitPlan({
          plan: proposal.plan,
          words: personWords(state),
          tools: env.tools,
          origin: proposal.origin,
          designated: await designated(env),
          specialists: env.playbook?.specialists ?? [],
        });
    traceAdmission(state, {
      round,
      verdict: verdict.kind,
      violations: 'violations' in verdict ? verdict.violations : [],
    });
    state.plannedBy = proposal.origin;
    if (verdict.kind === 'continue') {
      state.plan = verdict.plan;
      state.planDigest = digestOf({ runRef: state.runRef, intentDigest: state.intent.digest, plan: verdict.plan });
      return { kind: 'continue' };
    }
    if (verdict.kind === 'ask') {
      state.plan = verdict.plan;
      state.planDigest = null;
      const fields = verdict.missing.map((m) => {
        const spec = env.tools
          .get(verdict.plan.steps[m.stepIndex]!.toolId)
          ?.capability.args.find((a) => a.name === m.arg);
        return {
          stepIndex: m.stepIndex,
          arg: m.arg,
          argKind: spec?.kind ?? 'text',
          label: promptLabel(m.arg, spec?.kind),
          reason: m.reason,
        };
      });
      const resumeToken = resumeTokenOf(state, {
        kind: 'data',
        scope: 'plan',
        fields: fields.map((f) => [f.stepIndex, f.arg]),
      });
      state.pending = { kind: 'data', resumeToken, scope: 'plan', stepRef: null, fields: fields.slice(0, 8) };
      const text = `Tell me ${fields.map((f) => f.label).join(' and ')} — you didn't say, and I won't guess.`;
      return stop(
        promptReply(state, resumeToken, {
          kind: 'data',
          stepRef: `s${fields[0]!.stepIndex + 1}`,
          text,
          fields: fields.slice(0, 8).map(({ arg, argKind, label, reason }) => ({ arg, argKind, label, reason })),
        }),
      );
    }
    const refused = () =>
      stop(
        refusedReply(
          state,
          'plan_refused',
          {
            code: 'PLAN_REFUSED',
            message: `I won't do that: ${describeViolations(verdict.violations).slice(0, 3).join('; ')}.`.slice(
              0,
              2000,
            ),
          },
          [],
        ),
      );
    if (verdict.kind === 'refuse' || round === 1 || env.ctx.model === null || proposal.origin === 'supplied')
      return refused();
    const replanned = await modelPlan(env.ctx, {
      ...(await plannerInput(env, env.tools)),
      violations: describeViolations(verdict.violations),
    });
    if (!replanned.ok) return refused();
    proposal = { kind: 'plan', plan: replanned.plan, origin: 'model' };
  }
  return { kind: 'continue' };
}

/** How a prompt names an argument the person must supply. */
export function promptLabel(arg: string, kind: string | undefined): string {
  switch (kind) {
    case 'amount':
      return 'how much';
    case 'recipient':
      return 'who to pay';
    case 'person':
      return 'who';
    case 'organization':
      return 'which organization';
    case 'count':
    case 'dose':
      return `the ${arg}`;
    default:
      return `the ${arg}`;
  }
}

async function propose(env: RunEnv): Promise<Proposal> {
  const { state, ctx } = env;
  const words = state.words;
  if (env.request.plan !== undefined && state.skillChoice === null) {
    state.trace.plannerUsed = 'supplied';
    return {
      kind: 'plan',
      plan: { steps: env.request.plan.steps.map((s) => ({ toolId: s.toolId, args: s.args ?? {} })) },
      origin: 'supplied',
    };
  }
  if (state.skillChoice !== null) return aroundChoice(env, state.skillChoice);
  if (ctx.settings.compiledShapes) {
    const hit = matchCompiledShape({ words, tools: env.tools, ownAgent: state.asker === state.addressee });
    if (hit !== null) {
      state.trace.plannerUsed = 'compiled';
      state.trace.shape = hit.shape;
      state.trace.skillStage = 'skipped';
      return { kind: 'plan', plan: hit.plan, origin: 'compiled' };
    }
  }
  const reading = await readingOf(env);
  if (namesNothing(reading)) {
    state.trace.scope = 'nothing-named';
    state.trace.plannerUsed = 'compiled';
    state.trace.shape = 'nothing-named';
    return {
      kind: 'plan',
      plan: { steps: [{ toolId: 'ask.unsupported', args: { question: words } }] },
      origin: 'compiled',
    };
  }
  state.trace.scope = 'in';
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
  return { kind: 'plan', plan: ruleBasedPlan({ words, tools, reading }), origin: 'rule-based' };
}

async function aroundChoice(env: RunEnv, toolId: string, known?: TypedReading): Promise<Proposal> {
  const { state } = env;
  const tool = env.tools.get(toolId);
  if (tool === undefined)
    return {
      kind: 'stop',
      outcome: stop(
        answerReply(
          state,
          { text: unsupportedSentence(env.ctx.ontology, state.words), attributions: [], composedBy: 'template' },
          'unsupported',
        ),
      ),
    };
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

/** Addresses and names the vault designates for this run: the addressee, the asker, the default payer. */
async function designated(env: RunEnv): Promise<{ addresses: string[]; names: string[] }> {
  const { state, ctx } = env;
  const payer = await ctx.vault.payments.defaultPayer(state.asker);
  const names = env.agentNames.get(state.addressee.toLowerCase());
  return {
    addresses: [state.addressee, state.asker, ...(payer !== null ? [payer] : [])],
    names: names !== undefined ? [names] : [],
  };
}
