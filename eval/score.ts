import { estimateUsageCostUsd } from '../src/adapters/model/prices';
import { argsMatch, isWrongAct, parseExpectedArgs } from './arguments';
import type { Case } from './cases';
import type { Decision } from './decision';

/**
 * Scoring, on what a person sees: a case is correct (reply and arguments) when the decision has the expected
 * behaviour and capability (route: the expected capability; clarify / several: exactly the expected options), the
 * reply is of the expected kind, every expected argument reached the person, and the reply says what it must.
 * A routed ask that cannot run (no model) is therefore not correct. `decisionCorrect` is the planned capability
 * alone, kept for comparison. A wrong act (must be 0): a reply asking for a signature for the wrong capability or
 * with an amount, payee, person or organization the person did not give. A needless question: a prompt where the
 * case expects none. An in-scope refusal: an ask the agent can do, declined or refused.
 */
export type CaseResult = {
  id: string;
  set: string;
  ask: string;
  addressee: string;
  expected: { behaviour: string; skill?: string; options?: readonly string[]; forbidden?: string; reply?: string };
  decision: Decision;
  category: string;
  /** Behaviour and capability only. */
  decisionCorrect: boolean;
  /** Behaviour, capability, reply kind, arguments and words: what the person sees. */
  correct: boolean;
  argsMatched: boolean;
  wrongAct: boolean;
  needlessQuestion: boolean;
  inScopeRefusal: boolean;
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
  const expectedArgs = parseExpectedArgs(c.expectedArgs);
  const argsMatched = argsMatch(expectedArgs, d);
  const replyOk = c.expectedReply === undefined || d.reply === c.expectedReply;
  const saysOk = c.expectedSays === undefined || (d.says ?? '').toLowerCase().includes(c.expectedSays.toLowerCase());
  const allowed =
    c.expectedBehaviour === 'route' && c.expectedSkill !== undefined
      ? [c.expectedSkill]
      : c.expectedBehaviour === 'several'
        ? [...(c.expectedOptions ?? [])]
        : [];
  const refusedInScope =
    c.expectedBehaviour !== 'decline' &&
    (d.behaviour === 'decline' || d.behaviour === 'refused' || d.reply === 'refused' || d.unsupported === true);
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
    category: c.category ?? (c.id.includes('seed') ? 'seed' : 'earlier'),
    decisionCorrect: correct,
    correct: correct && replyOk && argsMatched && saysOk,
    argsMatched,
    // A case written before arguments were labelled is held to its capability alone.
    wrongAct: isWrongAct(expectedArgs, allowed, d, c.expectedArgs === undefined),
    needlessQuestion: d.reply === 'prompt' && c.expectedReply !== undefined && c.expectedReply !== 'prompt',
    inScopeRefusal: refusedInScope,
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

export type CategoryTotals = {
  cases: number;
  correct: number;
  wrongActs: number;
  needlessQuestions: number;
  /** Among the category's cases the agent can do. */
  inScopeRefusals: number;
  inScope: number;
};

export type Totals = {
  cases: number;
  /** Reply and arguments: what the person sees. */
  correct: number;
  accuracy: number;
  /** Behaviour and capability alone. */
  decisionCorrect: number;
  decisionAccuracy: number;
  wrongActs: number;
  wrongActRate: number;
  needlessQuestions: number;
  needlessQuestionRate: number;
  /** Among the cases the agent can do (expected behaviour other than decline). */
  inScopeRefusals: number;
  inScopeRefusalRate: number;
  /** Every figure per category: reply-and-arguments accuracy, wrong acts, needless questions, in-scope refusals. */
  byCategory: Record<string, CategoryTotals>;
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
  const byCategory: Totals['byCategory'] = {};
  for (const r of results) {
    const k = (byCategory[r.category] ??= {
      cases: 0,
      correct: 0,
      wrongActs: 0,
      needlessQuestions: 0,
      inScopeRefusals: 0,
      inScope: 0,
    });
    k.cases += 1;
    if (r.correct) k.correct += 1;
    if (r.wrongAct) k.wrongActs += 1;
    if (r.needlessQuestion) k.needlessQuestions += 1;
    if (r.expected.behaviour !== 'decline') k.inScope += 1;
    if (r.expected.behaviour !== 'decline' && r.inScopeRefusal) k.inScopeRefusals += 1;
    const b = (byBehaviour[r.expected.behaviour] ??= { cases: 0, correct: 0 });
    b.cases += 1;
    if (r.correct) b.correct += 1;
  }
  const replies = results.filter((r) => r.replyMatch !== null);
  const costs = results.map((r) => r.costUsd);
  const sum = (f: (r: CaseResult) => number) => results.reduce((a, r) => a + f(r), 0);
  const inScope = results.filter((r) => r.expected.behaviour !== 'decline');
  const count = (f: (r: CaseResult) => boolean) => results.filter(f).length;
  return {
    cases: n,
    correct: count((r) => r.correct),
    accuracy: ratio(
      count((r) => r.correct),
      n,
    ),
    decisionCorrect: count((r) => r.decisionCorrect),
    decisionAccuracy: ratio(
      count((r) => r.decisionCorrect),
      n,
    ),
    wrongActs: count((r) => r.wrongAct),
    wrongActRate: ratio(
      count((r) => r.wrongAct),
      n,
    ),
    needlessQuestions: count((r) => r.needlessQuestion),
    needlessQuestionRate: ratio(
      count((r) => r.needlessQuestion),
      n,
    ),
    inScopeRefusals: inScope.filter((r) => r.inScopeRefusal).length,
    inScopeRefusalRate: ratio(inScope.filter((r) => r.inScopeRefusal).length, inScope.length),
    byCategory,
    helpRate: ratio(results.filter((r) => r.decision.behaviour === 'clarify').length, n),
    coverage: ratio(covered.length, n),
    selectiveAccuracy: ratio(covered.filter((r) => r.decisionCorrect).length, covered.length),
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
