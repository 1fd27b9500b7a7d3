import { isRef, stepIdOf, type ArgValue, type Plan, type PlanStep } from './plan-schema';

/**
 * Plan regression (seed 001 step 5, PLAN_REGRESSION_DEFAULT=on): a plan is completed backwards from the goal
 * through the capability transitions. Each transition names what a tool needs (ha:needs) and produces; a needed
 * input that neither the ask nor an earlier step provides is filled by prepending the steps that produce it (depth
 * 3), bound to the consuming step through its carrier argument ($ref). When nothing produces it, or completing it
 * would pass four steps, it is returned as missing — to be asked for by name, never invented.
 */
export type Transition = {
  toolId: string;
  needs: readonly string[];
  produces: readonly string[];
  /** The argument that takes a needed input (an earlier step's `$ref`, or the person's answer); null when none. */
  carrier: string | null;
};
export type MissingInput = { stepIndex: number; toolId: string; outcome: string; arg: string | null };
export type Regressed = { plan: Plan; added: string[]; missing: MissingInput[] };
export type RegressionInput = {
  plan: Plan;
  transitions: readonly Transition[];
  /** Outcome classes the ask itself supplies (its words name them). */
  supplied: readonly string[];
  /** The ask's words: a carrier holding only these was filled by a planner's default, not given. */
  words: string;
  /** A producer's step, with only what the words plainly carry. */
  stepFor: (toolId: string) => PlanStep;
  maxSteps?: number;
  maxDepth?: number;
};

type Entry = { step: PlanStep; key: string };

export function regressPlan(input: RegressionInput): Regressed {
  const { plan, transitions, maxSteps = 4, maxDepth = 3 } = input;
  const byTool = new Map(transitions.map((t) => [t.toolId, t]));
  const producedBy = new Map<string, string>();
  const supplied = new Set(input.supplied);
  const out: Entry[] = [];
  const missing: { key: string; toolId: string; outcome: string; arg: string | null }[] = [];
  let fresh = 0;

  const given = (step: PlanStep, carrier: string | null): boolean => {
    const value = carrier === null ? undefined : step.args[carrier];
    if (value === undefined || value === null || value === '') return false;
    return isRef(value) || typeof value !== 'string' || value.trim() !== input.words.trim();
  };
  const bind = (step: PlanStep, carrier: string | null, key: string): PlanStep =>
    carrier === null ? step : { ...step, args: { ...step.args, [carrier]: { $ref: key } } };

  /** The steps that produce `outcome`, in order, the last one producing it; null when none can within depth. */
  const chainFor = (outcome: string, depth: number, visiting: ReadonlySet<string>): Entry[] | null => {
    if (depth > maxDepth) return null;
    for (const producer of transitions.filter((t) => t.produces.includes(outcome) && !visiting.has(t.toolId))) {
      const before: Entry[] = [];
      let step = input.stepFor(producer.toolId);
      let complete = true;
      for (const need of producer.needs) {
        const known =
          producedBy.get(need) ?? before.find((e) => byTool.get(e.step.toolId)?.produces.includes(need))?.key;
        if (supplied.has(need) || given(step, producer.carrier)) continue;
        if (known !== undefined) {
          step = bind(step, producer.carrier, known);
          continue;
        }
        const sub = chainFor(need, depth + 1, new Set([...visiting, producer.toolId]));
        if (sub === null) {
          complete = false;
          break;
        }
        before.push(...sub);
        step = bind(step, producer.carrier, sub[sub.length - 1]!.key);
      }
      if (complete) return [...before, { step, key: `+${fresh++}` }];
    }
    return null;
  };

  for (const [i, original] of plan.steps.entries()) {
    const key = stepIdOf(original, i);
    const t = byTool.get(original.toolId);
    let step = original;
    for (const need of t?.needs ?? []) {
      if (supplied.has(need) || given(step, t!.carrier)) continue;
      const earlier = producedBy.get(need);
      if (earlier !== undefined) {
        step = bind(step, t!.carrier, earlier);
        continue;
      }
      const chain = chainFor(need, 1, new Set([original.toolId]));
      if (chain === null || out.length + chain.length + (plan.steps.length - i) > maxSteps) {
        missing.push({ key, toolId: original.toolId, outcome: need, arg: t!.carrier });
        continue;
      }
      for (const e of chain) {
        out.push(e);
        for (const p of byTool.get(e.step.toolId)?.produces ?? []) if (!producedBy.has(p)) producedBy.set(p, e.key);
      }
      step = bind(step, t!.carrier, chain[chain.length - 1]!.key);
    }
    out.push({ step, key });
    for (const p of t?.produces ?? []) if (!producedBy.has(p)) producedBy.set(p, key);
  }

  const changed = out.length !== plan.steps.length || out.some((e, i) => e.step !== plan.steps[i]);
  const renumbered = changed ? renumber(out) : { steps: plan.steps, ids: new Map(out.map((e, i) => [e.key, i])) };
  return {
    plan: changed ? { ...plan, steps: renumbered.steps } : plan,
    added: out.filter((e) => e.key.startsWith('+')).map((e) => e.step.toolId),
    missing: missing.map((m) => ({
      stepIndex: renumbered.ids.get(m.key) ?? 0,
      toolId: m.toolId,
      outcome: m.outcome,
      arg: m.arg,
    })),
  };
}

/** A positional id (s1, s2, …), given or implied: it follows the step's new place. */
const POSITIONAL = /^s\d+$/;

/** Positional ids follow the new order; every `$ref` (args, forEach, when) is rewritten to the step it meant. */
function renumber(entries: readonly Entry[]): { steps: PlanStep[]; ids: Map<string, number> } {
  const idAt = (e: Entry, i: number) =>
    e.step.id !== undefined && !POSITIONAL.test(e.step.id) ? e.step.id : `s${i + 1}`;
  const finalId = new Map(entries.map((e, i) => [e.key, idAt(e, i)]));
  const rewrite = (ref: string): string => {
    const [root, ...rest] = ref.split('.');
    const to = finalId.get(root!);
    return to === undefined ? ref : [to, ...rest].join('.');
  };
  const value = (v: ArgValue): ArgValue => (Array.isArray(v) ? v.map(value) : isRef(v) ? { $ref: rewrite(v.$ref) } : v);
  const steps = entries.map(({ step }, i) => ({
    ...step,
    ...(step.id !== undefined ? { id: finalId.get(entries[i]!.key)! } : {}),
    args: Object.fromEntries(Object.entries(step.args).map(([k, v]) => [k, value(v)])),
    ...(step.forEach !== undefined && !Array.isArray(step.forEach)
      ? { forEach: { $ref: rewrite(step.forEach.$ref) } }
      : {}),
    ...(step.when !== undefined ? { when: { ...step.when, $ref: rewrite(step.when.$ref) } } : {}),
  }));
  return { steps, ids: new Map(entries.map((e, i) => [e.key, i])) };
}
