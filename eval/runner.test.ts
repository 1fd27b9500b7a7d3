import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../src/harness';
import { distribution, scriptedModel } from '../src/harness/testing';
import { casesFromJson, casesFromOntology } from './cases';
import { runEvaluation } from './runner';
import { makeMemoryWorld, makeRealWorld } from './world';

/** The runner over the real harness run loop and the shipped fakes with the demo world. */
describe('the evaluation runner', { timeout: 60_000 }, () => {
  it('scores the deterministic path on seed 001 §5 from the ontology, with zero model calls', async () => {
    const cases = casesFromOntology('heldout').filter((c) => c.id.startsWith('heldout-seed-5-'));
    const { results, totals } = await runEvaluation(cases, { makeWorld: makeMemoryWorld, model: null });
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expect(byId['heldout-seed-5-1']!.decision).toMatchObject({
      behaviour: 'route',
      tools: ['organization.members.list'],
      reply: 'answer',
    });
    expect(byId['heldout-seed-5-3']).toMatchObject({ correct: true, forbiddenHit: false, replyMatch: true });
    expect(byId['heldout-seed-5-5']!.decision).toMatchObject({
      behaviour: 'route',
      tools: ['payment.usdc.send'],
      reply: 'prompt',
    });
    expect(byId['heldout-seed-5-8']!.decision.behaviour).toBe('decline');
    // 5.9 runs under its starting state: the earlier choice was made by asking and answering, and is cited.
    expect(byId['heldout-seed-5-9']!.decision).toMatchObject({ behaviour: 'route', reply: 'authority_required' });
    expect(totals.zeroModelCalls).toBe(9);
    expect(totals.cases).toBe(9);
    expect(totals.accuracy).toBeCloseTo(results.filter((r) => r.correct).length / 9, 4);
  });

  it('reads a JSON array of cases, defaults who to alice, and records an impossible case as an error in words', async () => {
    const cases = casesFromJson(
      JSON.stringify([
        {
          id: 'a',
          ask: 'Who are my contacts?',
          expectedBehaviour: 'route',
          expectedSkill: 'person.contact.list',
          expectedReply: 'answer',
        },
        {
          id: 'b',
          ask: 'Add dave to my contacts.',
          expectedBehaviour: 'route',
          expectedSkill: 'organization.membership.invite',
          forbiddenSkill: 'person.contact.invite',
        },
        { id: 'c', ask: 'Who is in it?', asker: 'nobody', expectedBehaviour: 'decline' },
      ]),
      'cases.json',
    );
    const { results, totals } = await runEvaluation(cases, { makeWorld: makeMemoryWorld, model: null });
    expect(results.map((r) => [r.id, r.correct, r.forbiddenHit])).toEqual([
      ['a', true, false],
      ['b', false, true],
      ['c', false, false],
    ]);
    expect(results[2]!.decision).toMatchObject({ behaviour: 'error', error: 'No demo identity is called nobody.' });
    expect(totals).toMatchObject({
      cases: 3,
      correct: 1,
      forbiddenHits: 1,
      errors: 1,
      replyMatched: 1,
      replyExpected: 1,
    });
  });

  it('runs over the real parts too: the Dexie vault on fake-indexeddb and the embedded EVM', async () => {
    const cases = casesFromOntology('heldout').filter((c) =>
      ['heldout-seed-5-1', 'heldout-seed-5-3', 'heldout-seed-5-5', 'heldout-seed-5-9'].includes(c.id),
    );
    const { results } = await runEvaluation(cases, { makeWorld: makeRealWorld, model: null });
    expect(results.map((r) => [r.id, r.correct, r.decision.reply])).toEqual([
      ['heldout-seed-5-1', true, 'answer'],
      ['heldout-seed-5-3', true, 'authority_required'],
      ['heldout-seed-5-5', true, 'prompt'],
      ['heldout-seed-5-9', true, 'authority_required'],
    ]);
  });

  it('refuses a malformed case file in words', () => {
    expect(() => casesFromJson('[{"id":"x","ask":"hi"}]', 'cases.json')).toThrow(
      /cases.json is not an array of cases: 0.expectedBehaviour/,
    );
    expect(() => casesFromJson('not json', 'cases.json')).toThrow('cases.json is not JSON.');
    expect(() =>
      casesFromJson(
        '[{"id":"x","ask":"hi","expectedBehaviour":"decline"},{"id":"x","ask":"ho","expectedBehaviour":"decline"}]',
        'f',
      ),
    ).toThrow(/two cases with the id x/);
  });

  it('with a model, counts calls, scores clarify by its options, and turns judged cases into labelled runs', async () => {
    const model = scriptedModel(
      {
        judge: [
          (r) =>
            distribution(
              Object.fromEntries(
                r.options.map((o) => [
                  o.id,
                  o.id === 'intake-screening-model-review' || o.id === 'model-risk-check'
                    ? 0.45
                    : o.id === NOT_APPLICABLE
                      ? 0.1
                      : 0,
                ]),
              ),
            ),
        ],
      },
      { repeatLast: true },
    );
    const cases = casesFromOntology('heldout').filter((c) => c.id === 'heldout-seed-5-6');
    const { results, labelledRuns } = await runEvaluation(cases, { makeWorld: makeMemoryWorld, model });
    expect(results[0]).toMatchObject({
      correct: true,
      calls: 2,
      decision: { behaviour: 'clarify', options: ['intake-screening-model-review', 'model-risk-check'] },
    });
    // A clarify case names no single gold option, so it yields no labelled run; a route case does.
    expect(labelledRuns).toEqual([]);
    const route = casesFromOntology('dev').filter((c) => c.id === 'dev-21');
    const second = await runEvaluation(route, {
      makeWorld: makeMemoryWorld,
      model: scriptedModel({
        judge: [
          (r) =>
            distribution(
              Object.fromEntries(
                r.options.map((o) => [
                  o.id,
                  o.id === 'intake-screening-model-review' ? 0.9 : o.id === NOT_APPLICABLE ? 0.1 : 0,
                ]),
              ),
            ),
        ],
      }),
    });
    expect(second.labelledRuns).toHaveLength(1);
    expect(second.labelledRuns[0]!.gold).toBe('intake-screening-model-review');
  });
});
