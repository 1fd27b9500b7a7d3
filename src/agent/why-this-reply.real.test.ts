import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE } from '../harness';
import { distribution, expectKind, planAnswer, replyOf, scriptedModel, textAnswer } from '../harness/testing';
import { plainTrace } from '../ui/words/plain-trace';
import { realWorld } from './testing/real-world';

/**
 * Which stage decided, told truthfully, through the real vault (Dexie on fake-indexeddb) and the embedded chain: a
 * refusal for naming nothing declared is a scope decision, never "a compiled rule recognised the shape"; and with a
 * model configured, an ask naming no declared term still reaches the judge, so ask.unsupported comes only from the
 * judge's n/a (or from the path with no model).
 */
const VAGUE = 'Could you have a go at the thing Priya mentioned on the call?';
const why = (trace: Parameters<typeof plainTrace>[0]) =>
  plainTrace(trace)
    .map((l) => l.text)
    .join(' ');

describe('"Why this reply?" names the stage that decided (no model)', () => {
  it('a scope refusal says the scope check declined; a compiled plan and a rule-based plan each say their own', async () => {
    const w = await realWorld({ model: null });
    const refused = expectKind(replyOf(await w.ask({ message: VAGUE, to: w.who.missio })), 'answer');
    expect(refused.interaction).toBe('unsupported');
    expect(refused.plannerTrace).toMatchObject({ plannerUsed: 'scope', scope: 'nothing-named' });
    expect(why(refused.plannerTrace)).toMatch(/scope check/);
    expect(why(refused.plannerTrace)).not.toMatch(/compiled rule/);

    const compiled = expectKind(replyOf(await w.ask({ message: 'who do I know at missio nexus' })), 'answer');
    expect(compiled.plannerTrace.plannerUsed).toBe('compiled');
    expect(why(compiled.plannerTrace)).toMatch(/compiled rule recognised the shape/);

    const ruled = expectKind(
      replyOf(await w.ask({ message: 'Are the Sunday rotas full?', to: w.who.missio })),
      'answer',
    );
    expect(ruled.plannerTrace.plannerUsed).toBe('rule-based');
    expect(why(ruled.plannerTrace)).toMatch(/rule-based planner/);
    expect(why(ruled.plannerTrace)).not.toMatch(/compiled rule|scope check/);
  }, 60_000);

  it('an ask answered first, locally, says so: small talk and a red flag are not "a compiled rule"', async () => {
    const w = await realWorld({ model: null });
    const hello = expectKind(replyOf(await w.ask({ message: 'Hello' })), 'answer');
    expect(why(hello.plannerTrace)).toMatch(/greeting or a request for help/);
    expect(why(hello.plannerTrace)).not.toMatch(/compiled rule/);

    const red = expectKind(replyOf(await w.ask({ message: 'I have chest pain and my left arm feels numb' })), 'answer');
    expect(why(red.plannerTrace)).toMatch(/red-flag symptom, so the emergency words came first/);
    expect(why(red.plannerTrace)).not.toMatch(/compiled rule/);

    const funds = expectKind(
      replyOf(await w.ask({ message: 'transfer 10 usdc from the missio nexus treasury to bob' })),
      'answer',
    );
    expect(why(funds.plannerTrace)).toMatch(/pay out of an organization's treasury, which this agent does not move/);
    expect(why(funds.plannerTrace)).not.toMatch(/compiled rule/);
  }, 60_000);
});

describe('with a model, the reading is evidence: an ask naming nothing declared reaches the judge', () => {
  it('the judge is asked; its n/a, and only that, makes the answer ask.unsupported', async () => {
    const model = scriptedModel({
      judge: [(r) => distribution(Object.fromEntries([[NOT_APPLICABLE, 1], ...r.options.map((o) => [o.id, 0])]))],
      planner: [planAnswer({ steps: [{ toolId: 'ask.unsupported', args: { question: VAGUE } }] })],
    });
    const w = await realWorld({ model });
    const r = expectKind(replyOf(await w.ask({ message: VAGUE, to: w.who.missio })), 'answer');
    expect(model.count('judge')).toBe(1);
    expect(r.plannerTrace.scope).toBe('nothing-named');
    expect(r.plannerTrace.plannerUsed).not.toBe('scope');
    expect(r.interaction).toBe('unsupported');
    expect(why(r.plannerTrace)).not.toMatch(/scope check|compiled rule/);
  }, 60_000);

  it('when the judge picks a skill for such an ask, that skill answers: nothing filtered it out', async () => {
    const model = scriptedModel(
      {
        judge: [
          (r) =>
            distribution(
              Object.fromEntries([
                [NOT_APPLICABLE, 0],
                ...r.options.map((o) => [o.id, o.id === 'board-minutes' ? 1 : 0]),
              ]),
            ),
        ],
        skill: [textAnswer('Minutes of the call: attendance, decisions, actions.')],
        composer: [
          (c) => ({
            text: c.observations.map((o) => o.text).join('\n') || 'Done.',
            citations: [],
            usage: { model: 'scripted', inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 },
          }),
        ],
      },
      { repeatLast: true },
    );
    const w = await realWorld({ model });
    const r = expectKind(replyOf(await w.ask({ message: VAGUE, to: w.who.missio })), 'answer');
    expect(model.count('judge')).toBe(1);
    expect(r.interaction).not.toBe('unsupported');
    expect(r.plannerTrace.plannerUsed).toBe('judgment');
    expect(r.text).toMatch(/Minutes of the call/);
    expect(why(r.plannerTrace)).toMatch(/judge chose the skill/);
  }, 60_000);
});
