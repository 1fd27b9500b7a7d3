import { NOT_APPLICABLE, type JudgeRequest, type PlannerRequest } from '../kernel/model-port';
import { distribution, planAnswer, textAnswer, ZERO_USAGE } from './scripted-model';
import { expectKind, replyOf, type Scenario } from './scenario';

/** Seed 001 §5 from 5.5 on (./seed-scenarios.ts lists them all, in order). */
const skillLike = (request: JudgeRequest, pattern: RegExp) =>
  request.options.map((o) => o.id).find((id) => pattern.test(id)) ?? '';

export const SEED_SCENARIOS_LATER: Scenario[] = [
  {
    id: '5.5-wrong-model',
    title: '5.5 with a model that plans 50 USDC: admission drops the amount and asks',
    model: {
      planner: [
        planAnswer({ steps: [{ toolId: 'payment.usdc.send', args: { recipient: 'nathan.treasury', amount: '50' } }] }),
      ],
    },
    settings: { compiledShapes: false },
    async run(w, expect) {
      const reply = expectKind(
        replyOf(await w.ask({ message: 'Pay nathan.treasury back for the hymnals.' })),
        'prompt',
      );
      expect(reply.prompt).toMatchObject({ kind: 'data', fields: [{ arg: 'amount' }] });
      expect(reply.plannerTrace.admission[0]).toMatchObject({
        verdict: 'ask',
        violations: [{ rule: 'numbersFromTheWords', arg: 'amount' }],
      });
      // The person answers; the amount is now in their own words, and the act reaches the mandate they must sign.
      const answered = expectKind(
        replyOf(
          await w.ask({
            runRef: reply.runRef,
            supplied: [{ kind: 'answer', resumeToken: reply.resumeToken, values: { amount: '12' } }],
          }),
        ),
        'authority_required',
      );
      expect(answered.requirement.caveats.maxAmount).toBe('12000000');
    },
  },
  {
    id: '5.6',
    title: '“Is our intake screening model okay to keep using?” — two skills could, so ask',
    model: {
      judge: [
        (r) =>
          distribution({ [skillLike(r, /intake/)]: 0.45, [skillLike(r, /model-risk/)]: 0.4, [NOT_APPLICABLE]: 0.15 }),
      ],
      skill: [textAnswer('Keep it, with a bias check each quarter.')],
    },
    async run(w, expect) {
      const reply = expectKind(
        replyOf(await w.ask({ message: 'Is our intake screening model okay to keep using?', to: w.who.missio })),
        'prompt',
      );
      expect(reply.prompt.kind).toBe('choice');
      const options = reply.prompt.kind === 'choice' ? reply.prompt.options.map((o) => o.value) : [];
      expect(options).toEqual(['intake-screening-model-review', 'model-risk-check']);
      expect(reply.plannerTrace).toMatchObject({
        plannerUsed: 'judgment',
        skillStage: 'clarify',
        selection: { outcome: 'clarify', options },
      });
      const chosen = expectKind(
        replyOf(
          await w.ask({
            to: w.who.missio,
            runRef: reply.runRef,
            supplied: [{ kind: 'choice', resumeToken: reply.resumeToken, choice: 'model-risk-check' }],
          }),
        ),
        'answer',
      );
      expect(chosen.text).toMatch(/bias check/);
    },
  },
  {
    id: '5.7',
    title: '“Write the Marlow Foundation inquiry letter, and once it is done put it on our funding tracker.” — several',
    model: {
      judge: [
        (r) =>
          distribution({ [skillLike(r, /inquiry/)]: 0.8, [skillLike(r, /tracker/)]: 0.15, [NOT_APPLICABLE]: 0.05 }),
      ],
      planChoice: [
        (r) => ({
          distribution: Object.fromEntries(
            r.options.map((o) => [o.id, o.tools.length === 2 ? 0.8 : 0.2 / (r.options.length - 1)]),
          ),
          usage: { ...ZERO_USAGE },
        }),
      ],
      skill: [
        textAnswer('Dear Marlow Foundation, …'),
        (r) => textAnswer(`Added to the tracker: ${r.inputs[0]?.text.slice(0, 40) ?? 'nothing'}`),
      ],
    },
    async run(w, expect) {
      const message = 'Write the Marlow Foundation inquiry letter, and once it is done put it on our funding tracker.';
      const reply = expectKind(replyOf(await w.ask({ message, to: w.who.missio })), 'answer');
      expect(reply.plannerTrace.planChoice).toMatchObject({ choice: 'after:funding-tracker-update' });
      expect(reply.plannerTrace.planChoice?.options.map((o) => o.tools.length)).toContain(2);
      expect(w.model!.count('skill-apply')).toBe(2);
      expect(reply.text).toMatch(/Dear Marlow Foundation/);
      expect(reply.text).toMatch(/Added to the tracker: Here is/);
    },
  },
  {
    id: '5.8',
    title: '“Should we order pizza or sandwiches for Saturday’s volunteer training?” — nothing fits',
    model: 'throwing',
    async run(w, expect) {
      const reply = expectKind(
        replyOf(await w.ask({ message: "Should we order pizza or sandwiches for Saturday's volunteer training?" })),
        'answer',
      );
      expect(reply.interaction).toBe('unsupported');
      expect(reply.text).toMatch(/^I can't help with that/);
      // The words name nothing declared; with a model that is evidence, so the planner is still handed the ask.
      expect((w.model?.calls ?? []).map((c) => c.role)).toEqual(['planner']);
    },
  },
  {
    id: '5.8-judged',
    title: '5.8 at the organization: the judge answers n/a, the planner gets no skills and finds nothing',
    model: {
      judge: [(r) => distribution({ [NOT_APPLICABLE]: 0.9, [skillLike(r, /volunteer/)]: 0.1 })],
      planner: [
        (r: PlannerRequest) =>
          planAnswer({
            steps: [
              {
                toolId: r.tools.some((t) => t.kind === 'skill') ? 'volunteer-roster' : 'ask.unsupported',
                args: { question: r.question },
              },
            ],
          }),
      ],
    },
    async run(w, expect) {
      const reply = expectKind(
        replyOf(
          await w.ask({
            message: "Should we order pizza or sandwiches for Saturday's volunteer training?",
            to: w.who.missio,
          }),
        ),
        'answer',
      );
      expect(reply.interaction).toBe('unsupported');
      expect(reply.plannerTrace).toMatchObject({
        skillStage: 'handed-to-planner',
        selection: { outcome: 'none-fits' },
      });
    },
  },
  {
    id: '5.9',
    title: '“invite carol to thompson” after “invite bob to thompson” — a remembered choice, still gated',
    model: 'throwing',
    async run(w, expect) {
      const first = expectKind(replyOf(await w.ask({ message: 'invite bob to thompson' })), 'prompt');
      expect(first.prompt.kind).toBe('choice');
      const options = first.prompt.kind === 'choice' ? first.prompt.options.map((o) => o.value) : [];
      expect([...options].sort()).toEqual([w.who.thompsonCommunity, w.who.thompsonFamily].sort());
      const chose = expectKind(
        replyOf(
          await w.ask({
            runRef: first.runRef,
            supplied: [{ kind: 'choice', resumeToken: first.resumeToken, choice: w.who.thompsonFamily }],
          }),
        ),
        'authority_required',
      );
      expect(chose.delegator).toBe(w.who.thompsonFamily);
      const second = expectKind(replyOf(await w.ask({ message: 'invite carol to thompson' })), 'authority_required');
      expect(second.delegator).toBe(w.who.thompsonFamily);
      const thompson = second.parties.find((p) => p.word === 'thompson')!;
      expect(thompson.source).toBe('remembered');
      expect(thompson.note).toMatch(/^remembered: you chose thompson \(thompson family trust\) for this before$/);
      expect(second.summary).toMatch(/remembered: you chose/);
      expect(w.model?.calls ?? []).toHaveLength(0);
    },
  },
];
