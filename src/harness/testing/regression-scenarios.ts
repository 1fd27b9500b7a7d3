import { NOT_APPLICABLE, type JudgeRequest, type SkillApplyRequest } from '../kernel/model-port';
import { distribution, textAnswer } from './scripted-model';
import { expectKind, replyOf, type Scenario } from './scenario';

/**
 * Plan regression (seed 001 step 5, PLAN_REGRESSION_DEFAULT=on) through the run loop, over the shipped ontology:
 * Missio Nexus's donor thank-you needs the gift it thanks for (ha:needs out:gift), which nothing offered produces —
 * it is the person's to give. An ask naming only the outcome is asked for the gift by name before anything runs;
 * an ask that names it, or the setting off, runs as it always did.
 */
const OUTCOME_ONLY = 'Write a thank-you letter to the Okafor family.';
const GIFT = 'their gift of 500 USDC to the building fund';
const thankYou = (r: JudgeRequest) => r.options.map((o) => o.id).find((id) => /thank/.test(id)) ?? '';
const echo = (r: SkillApplyRequest) => textAnswer(`Dear Okafor family, ${r.question.split('\n\n')[1] ?? 'thank you.'}`);

export const REGRESSION_SCENARIOS: Scenario[] = [
  {
    id: 'regression-gift-none',
    title: 'no model: an outcome-only thank-you asks for the gift by name, and the answer fills the plan',
    model: 'none',
    async run(w, expect) {
      const reply = expectKind(replyOf(await w.ask({ message: OUTCOME_ONLY, to: w.who.missio })), 'prompt');
      expect(reply.prompt).toMatchObject({
        kind: 'data',
        fields: [{ arg: 'material', label: 'the gift being thanked for' }],
      });
      expect(reply.prompt.text).toMatch(/^Tell me the gift being thanked for — you didn't say, and I won't guess/);
      expect(reply.plannerTrace.plannerUsed).toBe('rule-based');
      expect(reply.plannerTrace.notes.join('\n')).toMatch(/plan regression: asking for gift/);
      const answered = replyOf(
        await w.ask({
          to: w.who.missio,
          runRef: reply.runRef,
          supplied: [{ kind: 'answer', resumeToken: reply.resumeToken, values: { material: GIFT } }],
        }),
      );
      expect(answered.kind).toBe('answer');
    },
  },
  {
    id: 'regression-gift-scripted',
    title: 'with a model: the judge picks the thank-you, the gift is asked for, and the letter is written with it',
    model: { judge: [(r) => distribution({ [thankYou(r)]: 0.9, [NOT_APPLICABLE]: 0.1 })], skill: [echo] },
    async run(w, expect) {
      const reply = expectKind(replyOf(await w.ask({ message: OUTCOME_ONLY, to: w.who.missio })), 'prompt');
      expect(reply.plannerTrace).toMatchObject({ plannerUsed: 'judgment', skillStage: 'chosen' });
      expect(reply.prompt).toMatchObject({ kind: 'data', fields: [{ arg: 'material' }] });
      expect(w.model!.count('skill-apply')).toBe(0);
      const answered = expectKind(
        replyOf(
          await w.ask({
            to: w.who.missio,
            runRef: reply.runRef,
            supplied: [{ kind: 'answer', resumeToken: reply.resumeToken, values: { material: GIFT } }],
          }),
        ),
        'answer',
      );
      expect(answered.text).toMatch(/Dear Okafor family, their gift of 500 USDC to the building fund/);
      expect(w.model!.count('skill-apply')).toBe(1);
    },
  },
  {
    id: 'regression-gift-named',
    title: 'an ask that names the gift needs nothing more: no prompt',
    model: { judge: [(r) => distribution({ [thankYou(r)]: 0.9, [NOT_APPLICABLE]: 0.1 })], skill: [echo] },
    async run(w, expect) {
      const message = 'Thank the Okafor family for their generous gift to the building fund.';
      const reply = expectKind(replyOf(await w.ask({ message, to: w.who.missio })), 'answer');
      expect(reply.text).toMatch(/Dear Okafor family/);
      expect(reply.plannerTrace.notes.join('\n')).not.toMatch(/plan regression/);
    },
  },
  {
    id: 'regression-off',
    title: 'planRegression off: the outcome-only thank-you runs as it did, without the gift',
    model: { judge: [(r) => distribution({ [thankYou(r)]: 0.9, [NOT_APPLICABLE]: 0.1 })], skill: [echo] },
    settings: { planRegression: 'off' },
    async run(w, expect) {
      const reply = expectKind(replyOf(await w.ask({ message: OUTCOME_ONLY, to: w.who.missio })), 'answer');
      expect(reply.text).toMatch(/Dear Okafor family, thank you\./);
      expect(w.model!.count('skill-apply')).toBe(1);
    },
  },
];
