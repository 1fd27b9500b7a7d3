import type { Decision, DecidedStep } from './decision';

/**
 * The arguments that reach the person, scored: each expected "name=value" (or "n:name=value" for step n, "a|b" for
 * a fan-out over a and b) against the plan's steps, and — when the reply asks for a signature — against the parties
 * the words became on the sign sheet. An act whose amount, payee, person or organization the person did not give
 * is a wrong act.
 */
export type ExpectedArg = { step: number; name: string; value: string };
const GROUNDED = ['amount', 'recipient', 'person', 'organization'];

export function parseExpectedArgs(args: readonly string[] | undefined): ExpectedArg[] {
  return (args ?? []).map((a) => {
    const m = /^(?:(\d):)?([A-Za-z]\w*)=(.*)$/.exec(a);
    if (m === null) throw new Error(`not an expected argument: ${a}`);
    return { step: m[1] === undefined ? 1 : Number(m[1]), name: m[2]!, value: m[3]! };
  });
}

const norm = (v: unknown): string | null => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  return /^\d+(\.\d+)?$/.test(s) ? String(Number(s)) : s;
};
const sameList = (a: string[], b: string[]) => [...a].sort().join('|') === [...b].sort().join('|');

/** The value a step carries for an argument: a literal, or the list a fan-out goes over. */
function valueOf(step: DecidedStep | undefined, name: string): string[] | null {
  if (step === undefined || !(name in step.args)) return null;
  const v = step.args[name];
  if (typeof v === 'object' && v !== null && '$item' in v)
    return Array.isArray(step.forEach) ? step.forEach.map((x) => norm(x) ?? '') : null;
  const n = norm(v);
  return n === null ? null : [n];
}

export function argsMatch(expected: readonly ExpectedArg[], d: Decision): boolean {
  const steps = d.steps ?? [];
  return expected.every((e) => {
    const got = valueOf(steps[e.step - 1], e.name);
    const want = e.value.split('|').map((v) => norm(v)!);
    if (got === null || !sameList(got, want)) return false;
    // On the sign sheet, the first step's party for this argument is the word the person said.
    if (e.step === 1 && d.requirement !== undefined && GROUNDED.includes(e.name) && want.length === 1) {
      const party = d.requirement.parties.find((p) => p.arg === e.name);
      if (party !== undefined && norm(party.word) !== want[0]) return false;
    }
    return true;
  });
}

/** An act reaching a signature with the wrong skill, or an amount, payee, person or organization nobody said. */
export function isWrongAct(
  expected: readonly ExpectedArg[],
  allowed: readonly string[],
  d: Decision,
  capabilityOnly = false,
): boolean {
  if (d.reply !== 'authority_required') return false;
  if (d.requirement !== undefined && !allowed.includes(d.requirement.capability)) return true;
  if (capabilityOnly) return false;
  const steps = d.steps ?? [];
  return steps.some((step, i) =>
    GROUNDED.some((name) => {
      const got = valueOf(step, name);
      if (got === null) return false;
      const want = expected.find((e) => e.step === i + 1 && e.name === name);
      return (
        want === undefined ||
        !sameList(
          got,
          want.value.split('|').map((v) => norm(v)!),
        )
      );
    }),
  );
}
