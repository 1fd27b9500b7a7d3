import type { Violation } from '../../protocol/harness-reply';
import { isRef, stepIdOf, type ArgValue, type Plan, type PlanStep } from '../plan/plan-schema';
import type { ToolIndex } from '../tools/tools';

/**
 * An emptied act that repeats another (found by the injection suite, proof/): a model obeying injected text
 * plans the injected payment beside the person's own; admission drops every argument of the injected one (none came
 * from the person's words) and would ask the person for them — "how much and who to pay and how much and who to pay"
 * — and their single answer fills both, so they would be asked to sign the same act twice.
 *
 * An act whose every argument admission dropped carries nothing the person said: all it holds is the tool. When the
 * plan holds another act of the same tool, it adds nothing but a second slot, so it is left out (the first emptied
 * one stays when all of a tool's acts are emptied: the person is asked once). A step another step refers to is never
 * left out. Reported as a violation, so the run's trace says what admission removed.
 */
export type EmptiedActs = { plan: Plan; dropped: Violation[] };

const refsIn = (value: ArgValue | undefined): string[] =>
  value === undefined
    ? []
    : Array.isArray(value)
      ? value.flatMap(refsIn)
      : isRef(value)
        ? [value.$ref.split('.')[0]!]
        : [];

function referencedIds(plan: Plan): Set<string> {
  const ids = new Set<string>();
  for (const step of plan.steps) {
    for (const value of Object.values(step.args)) for (const id of refsIn(value)) ids.add(id);
    if (step.forEach !== undefined && !Array.isArray(step.forEach)) ids.add(step.forEach.$ref.split('.')[0]!);
    if (step.when !== undefined) ids.add(step.when.$ref.split('.')[0]!);
  }
  return ids;
}

/**
 * Steps of `plan` to leave out, given which args admission asks for (`asked`: "stepIndex:arg"); none when nothing
 * repeats. `plan` is the plan as proposed, before any argument was dropped.
 */
export function emptiedDuplicateActs(plan: Plan, asked: ReadonlySet<string>, tools: ToolIndex): EmptiedActs | null {
  const isAct = (step: PlanStep) => tools.get(step.toolId)?.capability.informational === false;
  const emptied = (step: PlanStep, i: number) =>
    isAct(step) &&
    [...asked].some((key) => key.startsWith(`${i}:`)) &&
    Object.keys(step.args).every((name) => asked.has(`${i}:${name}`));
  const referenced = referencedIds(plan);
  const leave = new Set<number>();
  const byTool = new Map<string, number[]>();
  plan.steps.forEach((step, i) => {
    if (isAct(step)) byTool.set(step.toolId, [...(byTool.get(step.toolId) ?? []), i]);
  });
  for (const indexes of byTool.values()) {
    if (indexes.length < 2) continue;
    const empty = indexes.filter((i) => emptied(plan.steps[i]!, i));
    const keepOne = empty.length === indexes.length;
    for (const i of keepOne ? empty.slice(1) : empty) if (!referenced.has(stepIdOf(plan.steps[i]!, i))) leave.add(i);
  }
  if (leave.size === 0) return null;
  // Steps keep the ids they were referred to by, so references still point where they did.
  const keepIds = referenced.size > 0;
  const steps = plan.steps.flatMap((step, i) =>
    leave.has(i) ? [] : [keepIds ? { ...step, id: stepIdOf(step, i) } : step],
  );
  const dropped: Violation[] = [...leave].map((i) => ({
    rule: 'emptiedActRepeats',
    stepIndex: i,
    message: `${plan.steps[i]!.toolId} carried nothing you said and repeats another step of the same kind, so it was left out: you are asked, and asked to sign, once.`,
    recovery: 'continue',
  }));
  return { plan: { ...plan, steps }, dropped };
}
