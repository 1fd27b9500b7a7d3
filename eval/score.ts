import { estimateUsageCostUsd } from '../src/adapters/model/prices';
import type { Case } from './cases';
import type { Decision } from './decision';

/**
 * Scoring: a case is correct when the decision has the expected behaviour and — route: the expected
 * capability; clarify / several: exactly the expected options (when the case names them). Forbidden-skill hits
 * count a plan that uses the capability the case forbids. The reply kind is scored apart (a skill case without a
 * model plans right and then cannot run, which is the deterministic path's honest limit, not a wrong decision).
 */
export type CaseResult = {
  id: string;
  set: string;
  ask: string;
  addressee: string;
  expected: { behaviour: string; skill?: string; options?: readonly string[]; forbidden?: string; reply?: string };
  decision: Decision;
  correct: boolean;
  forbiddenHit: boolean;
  replyMatch: boolean | null;
  calls: number;
  tokens: { input: number; cached: number; output: number };
  costUsd: number | null;
};

/** The sum of per-call estimates; null when any call's model has no price. */
const costOf = (costs: readonly (number | null)[]): number | null =>
  costs.some((x) => x === null) ? null : Math.round(costs.reduce<number>((a, x) => a + x!, 0) * 1e6) / 1e6;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export function scoreCase(c: Case, d: Decision): CaseResult {
  let correct = d.behaviour === c.expectedBehaviour;
  if (correct && c.expectedBehaviour === 'route') correct = d.tools[0] === c.expectedSkill;
  if (correct && c.expectedBehaviour === 'clarify' && c.expectedOptions !== undefined)
    correct = sameSet(d.options, c.expectedOptions);
  if (correct && c.expectedBehaviour === 'several' && c.expectedOptions !== undefined)
    correct = sameSet(d.tools, c.expectedOptions);
  const calls = d.trace?.calls ?? [];
  const costs = calls.map((k) => estimateUsageCostUsd(k));
  return {
    id: c.id,
    set: c.set,
    ask: c.ask,
    addressee: c.addressee,
    expected: {
      behaviour: c.expectedBehaviour,
      ...(c.expectedSkill !== undefined ? { skill: c.expectedSkill } : {}),
      ...(c.expectedOptions !== undefined ? { options: c.expectedOptions } : {}),
      ...(c.forbiddenSkill !== undefined ? { forbidden: c.forbiddenSkill } : {}),
      ...(c.expectedReply !== undefined ? { reply: c.expectedReply } : {}),
    },
    decision: d,
    correct,
    forbiddenHit: c.forbiddenSkill !== undefined && d.tools.includes(c.forbiddenSkill),
    replyMatch: c.expectedReply === undefined ? null : d.reply === c.expectedReply,
    calls: calls.length,
    tokens: {
      input: calls.reduce((a, k) => a + k.inputTokens, 0),
      cached: calls.reduce((a, k) => a + k.cachedInputTokens, 0),
      output: calls.reduce((a, k) => a + k.outputTokens, 0),
    },
    costUsd: costOf(costs),
  };
}

export type Totals = {
  cases: number;
  correct: number;
  accuracy: number;
  /** clarify decisions / all. */
  helpRate: number;
  /** Decided without asking the person and without failing (route, several, decline) / all. */
  coverage: number;
  /** Correct among the covered. */
  selectiveAccuracy: number;
  forbiddenHits: number;
  replyMatched: number;
  replyExpected: number;
  zeroModelCalls: number;
  zeroModelCallShare: number;
  callsPerCase: number;
  tokensPerCase: { input: number; cached: number; output: number };
  costUsdPerCase: number | null;
  byBehaviour: Record<string, { cases: number; correct: number }>;
  errors: number;
};

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

export function totalsOf(results: readonly CaseResult[]): Totals {
  const n = results.length;
  const covered = results.filter((r) => ['route', 'several', 'decline'].includes(r.decision.behaviour));
  const byBehaviour: Totals['byBehaviour'] = {};
  for (const r of results) {
    const b = (byBehaviour[r.expected.behaviour] ??= { cases: 0, correct: 0 });
    b.cases += 1;
    if (r.correct) b.correct += 1;
  }
  const replies = results.filter((r) => r.replyMatch !== null);
  const costs = results.map((r) => r.costUsd);
  const sum = (f: (r: CaseResult) => number) => results.reduce((a, r) => a + f(r), 0);
  return {
    cases: n,
    correct: results.filter((r) => r.correct).length,
    accuracy: ratio(results.filter((r) => r.correct).length, n),
    helpRate: ratio(results.filter((r) => r.decision.behaviour === 'clarify').length, n),
    coverage: ratio(covered.length, n),
    selectiveAccuracy: ratio(covered.filter((r) => r.correct).length, covered.length),
    forbiddenHits: results.filter((r) => r.forbiddenHit).length,
    replyMatched: replies.filter((r) => r.replyMatch === true).length,
    replyExpected: replies.length,
    zeroModelCalls: results.filter((r) => r.calls === 0).length,
    zeroModelCallShare: ratio(results.filter((r) => r.calls === 0).length, n),
    callsPerCase: ratio(
      sum((r) => r.calls),
      n,
    ),
    tokensPerCase: {
      input: ratio(
        sum((r) => r.tokens.input),
        n,
      ),
      cached: ratio(
        sum((r) => r.tokens.cached),
        n,
      ),
      output: ratio(
        sum((r) => r.tokens.output),
        n,
      ),
    },
    costUsdPerCase: ((total) => (total === null ? null : Math.round((total / Math.max(1, n)) * 1e6) / 1e6))(
      costOf(costs),
    ),
    byBehaviour,
    errors: results.filter((r) => r.decision.behaviour === 'error').length,
  };
}
