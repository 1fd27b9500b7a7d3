import { mentions } from '../ground/words';
import { personWords, type RunEnv, type StopOutcome } from '../kernel/run-env';
import type { PlannedBy } from '../kernel/run-phase';
import { note } from '../kernel/trace';
import { dataPause } from '../reply/pause';
import type { Tool } from '../tools/tools';
import type { Plan } from './plan-schema';
import { regressPlan, type MissingInput, type Transition } from './regression';
import { stepFor } from './rule-based';

type Proposal = { kind: 'plan'; plan: Plan; origin: PlannedBy } | StopOutcome;

/**
 * Plan regression as the last part of the plan stage (seed 001 step 5; the `planRegression` setting, on by
 * default). Whoever proposed the plan — a compiled shape, the judge, the model or the rule-based planner — the
 * plan is completed backwards from its goal through the tools' declared transitions: what a tool needs (ha:needs)
 * and produces. A needed input the words do not name and no earlier step produces gets its producing steps
 * prepended (four steps at most); one nothing here produces, or that is the person's to give (ha:givenBy), is
 * asked for by name before anything runs, never invented. A plan the person supplied is taken as it is; off, nothing changes.
 */
export function completeBackwards(env: RunEnv, proposal: Proposal): Proposal {
  const { ctx, state } = env;
  if (ctx.settings.planRegression !== 'on' || proposal.kind !== 'plan' || proposal.origin === 'supplied')
    return proposal;
  const personal = new Set(
    Object.values(ctx.ontology.outcomeClasses)
      .filter((c) => c.givenBy === 'person')
      .map((c) => c.id),
  );
  const transitions = [...env.tools.values()].map((t) => transitionOf(t, personal));
  if (!transitions.some((t) => t.needs.length > 0)) return proposal;
  const words = personWords(state);
  const supplied = Object.values(ctx.ontology.outcomeClasses)
    .filter((c) => c.terms.some((term) => mentions(words, term)))
    .map((c) => c.id);
  const done = regressPlan({
    plan: proposal.plan,
    transitions,
    supplied,
    words: state.words,
    stepFor: (toolId) => stepFor(env.tools.get(toolId)!, state.words),
  });
  if (done.added.length > 0)
    note(state.trace, `plan regression: ${done.added.join(', ')} prepended to produce what the goal needs`);
  const asked = done.missing.filter((m) => m.arg !== null);
  if (asked.length === 0) return { ...proposal, plan: done.plan };
  note(state.trace, `plan regression: asking for ${asked.map((m) => m.outcome).join(', ')}, never inventing it`);
  return askForInputs(env, done.plan, proposal.origin, asked);
}

/** A tool's transition: what it needs, through which argument, and what it produces (never the person's to give). */
function transitionOf(tool: Tool, personal: ReadonlySet<string>): Transition {
  const carrier = tool.capability.args.find((a) => a.kind === 'text')?.name ?? null;
  return {
    toolId: tool.id,
    // A need is taken through an argument: a tool with none to take it in cannot be given one.
    needs: carrier === null ? [] : (tool.capability.needs ?? []),
    produces: (tool.skill?.produces ?? tool.capability.produces).filter((c) => !personal.has(c)),
    carrier,
  };
}

/** The data prompt for inputs nothing produces: the plan is kept, and the person's answer fills the carrier. */
function askForInputs(env: RunEnv, plan: Plan, origin: PlannedBy, missing: readonly MissingInput[]): Proposal {
  const { state, ctx } = env;
  state.plan = plan;
  state.planDigest = null;
  state.plannedBy = origin;
  const fields = missing.map((m) => {
    const label = lowerFirst(ctx.ontology.outcomeClasses[m.outcome]?.label ?? m.outcome);
    const tool = env.tools.get(m.toolId)?.capability.label ?? m.toolId;
    return {
      stepIndex: m.stepIndex,
      arg: m.arg!,
      argKind: 'text' as const,
      label,
      reason: `${tool} needs ${label}; nothing here can produce it, so it is yours to give.`,
    };
  });
  return dataPause(state, {
    scope: 'plan',
    stepRef: null,
    fields,
    promptStepRef: `s${(fields[0]?.stepIndex ?? 0) + 1}`,
    text: `Tell me ${fields.map((f) => f.label).join(' and ')} — you didn't say, and I won't guess.`,
  });
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
