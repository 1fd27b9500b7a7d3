import type { Plan, PlanStep } from './plan-schema';

/**
 * Plan regression: complete a plan backwards from the goal through capability transitions. Each transition names
 * what a tool consumes and produces; a consumed input no step or known fact provides is filled by its producer, or,
 * when nothing produces it, asked for by name through the clarify tool, never invented. Plans stay within four steps.
 */
export type Transition = { toolId: string; consumes: readonly string[]; produces: readonly string[] };
export type RegressionInput = {
  plan: Plan;
  transitions: readonly Transition[];
  known: readonly string[];
  clarifyToolId: string;
  maxSteps?: number;
};

export function regressPlan({ plan, transitions, known, clarifyToolId, maxSteps = 4 }: RegressionInput): Plan {
  const byTool = new Map(transitions.map((t) => [t.toolId, t]));
  const have = new Set(known);
  const prefix: PlanStep[] = [];
  const visiting = new Set<string>();
  const need = (fact: string): boolean => {
    if (have.has(fact)) return true;
    const producer = transitions.find((t) => t.produces.includes(fact) && !visiting.has(t.toolId));
    if (!producer) {
      prefix.push({ toolId: clarifyToolId, args: { missing: fact } });
      have.add(fact);
      return false;
    }
    visiting.add(producer.toolId);
    producer.consumes.forEach(need);
    prefix.push({ toolId: producer.toolId, args: {} });
    producer.produces.forEach((p) => have.add(p));
    return true;
  };
  for (const step of plan.steps) {
    byTool.get(step.toolId)?.consumes.forEach(need);
    byTool.get(step.toolId)?.produces.forEach((p) => have.add(p));
  }
  const steps = [...prefix, ...plan.steps];
  if (steps.length > maxSteps) return plan;
  return { ...plan, steps };
}
