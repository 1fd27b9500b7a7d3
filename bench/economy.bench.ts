import { casesFromOntology } from '../eval/cases';
import { runEvaluation } from '../eval/runner';
import type { CaseResult } from '../eval/score';
import { makeRealWorld } from '../eval/world';
import { measure, median, type BenchRow, type BenchSuite } from './run';

/**
 * Model economy with NO model configured: the whole evaluation set (ontology/eval, dev and held-out) through
 * the real harness on the real vault (fake-indexeddb) and the embedded EVM, with `model: null` — compiled shapes and
 * the rule-based planner only. Every ask then costs zero model calls by construction, so what counts is how many are
 * still decided right (the expected behaviour and capability), decided without asking the person, and how many a
 * compiled shape took alone. The time per ask is against a bare evaluation world's start, measured in the same run.
 * The calls and tokens per ask WITH a model are the `model` suite's (the scripted Messages server: plumbing).
 */
const share = (part: number, of: number) => (of === 0 ? 0 : part / of);

function rows(label: string, results: readonly CaseResult[]): BenchRow[] {
  const n = results.length;
  const correct = results.filter((r) => r.correct).length;
  const covered = results.filter((r) => ['route', 'several', 'decline'].includes(r.decision.behaviour)).length;
  const compiled = results.filter((r) => r.decision.trace?.plannerUsed === 'compiled').length;
  const ruleBased = results.filter((r) => r.decision.trace?.plannerUsed === 'rule-based').length;
  const calls = results.reduce((a, r) => a + r.calls, 0);
  return [
    { name: `${label}, ${n} asks, no model: decided right`, value: correct, unit: 'count' },
    { name: `${label}: share decided right with zero model calls`, value: share(correct, n), unit: 'x' },
    { name: `${label}: share decided without asking the person`, value: share(covered, n), unit: 'x' },
    { name: `${label}: planned by a compiled shape alone`, value: compiled, unit: 'count' },
    { name: `${label}: planned by the rule-based planner`, value: ruleBased, unit: 'count' },
    { name: `${label}: model calls made`, value: calls, unit: 'count', target: '0' },
  ];
}

export const suite: BenchSuite = {
  description:
    'model economy with no model configured: the evaluation set through the real harness, real vault and embedded EVM',
  async run(): Promise<BenchRow[]> {
    const all = casesFromOntology('all');
    const started = performance.now();
    const { results } = await runEvaluation(all, { makeWorld: makeRealWorld, model: null });
    const perAsk = (performance.now() - started) / all.length;
    const fresh = median(await measure(() => makeRealWorld({ model: null }), 10, 2));
    return [
      ...rows('eval set, all', results),
      ...rows(
        'eval set, held-out',
        results.filter((r) => r.set === 'heldout'),
      ),
      { name: 'time per ask, its fresh world included (mean)', value: perAsk, unit: 'ms' },
      { name: 'baseline: a fresh evaluation world alone, median', value: fresh, unit: 'ms' },
      { name: 'time per ask / fresh world', value: perAsk / fresh, unit: 'x' },
    ];
  },
};
