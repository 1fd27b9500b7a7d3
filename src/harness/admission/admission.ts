import type { Violation } from '../../protocol/harness-reply';
import type { Plan } from '../plan/plan-schema';
import { emptiedDuplicateActs } from './emptied-acts';
import { ADMISSION_RULES, type AdmissionInput } from './rules';

/**
 * Step 6 — admit the plan. Every rule runs and every violation is reported at once. Then: none → continue; all
 * ask → the offending args are dropped and become prompts; any refuse → denied; anything else → one re-plan told
 * the violations, and a second failure is denied (`plan_refused`). The caller counts the rounds. Before asking, an
 * act emptied of every argument that repeats another act of the same tool is left out (emptied-acts.ts), so the
 * person is never asked twice for one act; what was left out is reported among the violations (by its place in the
 * plan as proposed).
 */
export type MissingArg = { stepIndex: number; arg: string; reason: string };

export type AdmissionVerdict =
  | { kind: 'continue'; plan: Plan }
  /** Continues once admission left out an emptied act that repeated another (what it left out, in `violations`). */
  | { kind: 'continue'; plan: Plan; violations: Violation[] }
  | { kind: 'ask'; plan: Plan; missing: MissingArg[]; violations: Violation[] }
  | { kind: 'refuse'; violations: Violation[] }
  | { kind: 'replan'; violations: Violation[] };

export function admitPlan(input: AdmissionInput): AdmissionVerdict {
  const violations = ADMISSION_RULES.flatMap((rule) => rule(input));
  if (violations.length === 0) return { kind: 'continue', plan: input.plan };
  if (violations.some((x) => x.recovery === 'refuse')) return { kind: 'refuse', violations };
  if (violations.every((x) => x.recovery === 'ask' && x.stepIndex !== null && x.arg !== undefined)) {
    const emptied = emptiedDuplicateActs(
      input.plan,
      new Set(violations.map((x) => `${x.stepIndex}:${x.arg}`)),
      input.tools,
    );
    if (emptied !== null) return withDropped(admitPlan({ ...input, plan: emptied.plan }), emptied.dropped);
    const missing = new Map<string, MissingArg>();
    for (const x of violations)
      missing.set(`${x.stepIndex}:${x.arg}`, { stepIndex: x.stepIndex!, arg: x.arg!, reason: x.message });
    const plan: Plan = {
      ...input.plan,
      steps: input.plan.steps.map((step, i) => {
        const args = { ...step.args };
        for (const m of missing.values()) if (m.stepIndex === i) delete args[m.arg];
        const dropsItem = [...missing.values()].some(
          (m) =>
            m.stepIndex === i &&
            typeof step.args[m.arg] === 'object' &&
            step.args[m.arg] !== null &&
            '$item' in (step.args[m.arg] as object),
        );
        return dropsItem ? { ...step, args, forEach: undefined } : { ...step, args };
      }),
    };
    return { kind: 'ask', plan, missing: [...missing.values()], violations };
  }
  return { kind: 'replan', violations };
}

function withDropped(verdict: AdmissionVerdict, dropped: Violation[]): AdmissionVerdict {
  return { ...verdict, violations: [...dropped, ...('violations' in verdict ? verdict.violations : [])] };
}

/** Violations in words, for the re-plan and the refusal. */
/** What the person reads: each violation's own sentence once, at most three, with no rule id (the trace keeps those). */
export const violationWords = (violations: readonly Violation[]): string =>
  [...new Set(violations.map((x) => x.message.trim().replace(/([^.!?])$/, '$1.')))].slice(0, 3).join(' ');

export const describeViolations = (violations: readonly Violation[]): string[] =>
  violations.map(
    (x) =>
      `${x.rule}${x.stepIndex !== null ? ` (step ${x.stepIndex + 1}${x.arg !== undefined ? `, ${x.arg}` : ''})` : ''}: ${x.message}`,
  );
