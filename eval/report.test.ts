import { describe, expect, it } from 'vitest';
import { casesFromJson } from './cases';
import { categoryLines, totalsLines } from './report';
import { runEvaluation } from './runner';
import { evalScriptedModel } from './scripted';
import { makeMemoryWorld } from './world';

/**
 * The report a person reads after `npm run eval`: for each path (no model, the scripted stand-in), the totals and
 * every figure per category — reply-and-arguments accuracy, wrong acts, needless questions, in-scope refusals.
 */
const cases = casesFromJson(
  JSON.stringify([
    {
      id: 'r-pay',
      ask: 'could you send carol 4 usdc',
      category: 'politeness',
      expectedBehaviour: 'route',
      expectedSkill: 'payment.usdc.send',
      expectedArgs: ['amount=4', 'recipient=carol'],
      expectedReply: 'authority_required',
    },
    {
      id: 'r-read',
      ask: 'who is in my contacts',
      category: 'paraphrase',
      expectedBehaviour: 'route',
      expectedSkill: 'person.contact.list',
      expectedReply: 'answer',
    },
    // In scope, but labelled so the agent's reply counts as a needless question and an in-scope refusal.
    {
      id: 'r-refused',
      ask: 'pay bob back',
      category: 'paraphrase',
      expectedBehaviour: 'route',
      expectedSkill: 'balance.read',
      expectedReply: 'answer',
    },
  ]),
  'report-cases',
);

describe('the evaluation report', { timeout: 60_000 }, () => {
  for (const path of ['none', 'scripted'] as const)
    it(`prints every figure per category for the ${path === 'none' ? 'no-model' : 'scripted-model'} path`, async () => {
      const { totals } = await runEvaluation(cases, {
        makeWorld: makeMemoryWorld,
        model: path === 'none' ? null : evalScriptedModel(),
        ...(path === 'scripted' ? { freshModel: () => evalScriptedModel() } : {}),
      });
      expect(totals.byCategory.politeness).toMatchObject({ cases: 1, correct: 1, wrongActs: 0, inScopeRefusals: 0 });
      expect(totals.byCategory.paraphrase).toMatchObject({ cases: 2, correct: 1, wrongActs: 0, inScope: 2 });
      // "pay bob back" asks for the amount: a question where the (mislabelled) case expects an answer.
      expect(totals.byCategory.paraphrase!.needlessQuestions).toBe(1);
      const printed = totalsLines(totals).join('\n');
      expect(printed).toMatch(/wrong acts 0 \(0\.0%\); needless questions 1 \(33\.3%\); in-scope refusals \d/);
      expect(categoryLines(totals)).toEqual([
        expect.stringMatching(
          /^ {2}paraphrase +1\/2 +50\.0%; wrong acts 0; needless questions 1; in-scope refusals \d\/2$/,
        ),
        expect.stringMatching(
          /^ {2}politeness +1\/1 +100\.0%; wrong acts 0; needless questions 0; in-scope refusals 0\/1$/,
        ),
      ]);
    });
});
