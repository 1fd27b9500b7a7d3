import { planAnswer } from './scripted-model';
import { expectKind, replyOf, type Scenario } from './scenario';
import { SEED_SCENARIOS_LATER } from './seed-scenarios-later';

/**
 * Seed 001 §5: the nine asks, walked in full, as scenarios over any World. Alice asks her own agent unless said
 * otherwise; 5.6 and 5.7 (and 5.8's judged variant) are asked of Missio Nexus's agent, which carries the
 * organization playbook and its instruction skills.
 */

export const SEED_SCENARIOS: Scenario[] = [
  {
    id: '5.1',
    title: "“Who's in Missio Nexus right now?” — a read, no model",
    model: 'throwing',
    async run(w, expect) {
      const reply = expectKind(replyOf(await w.ask({ message: "Who's in Missio Nexus right now?" })), 'answer');
      expect(reply.text).toMatch(/Missio Nexus has 4 members/);
      expect(reply.results?.map((r) => r.address)).toContain(w.who.carol);
      expect(reply.results?.map((r) => r.address)).toContain(w.who.dave);
      expect(reply.results?.map((r) => r.address)).not.toContain(w.who.david);
      expect(reply.plannerTrace).toMatchObject({ plannerUsed: 'compiled', shape: 'grounded:members-list' });
      expect(w.model?.calls ?? []).toHaveLength(0);
    },
  },
  {
    id: '5.2',
    title: '“Can you get david added to Missio Nexus?” — an act, and the mandate only she can sign',
    model: 'throwing',
    async run(w, expect) {
      const required = expectKind(
        replyOf(await w.ask({ message: 'Can you get david added to Missio Nexus?' })),
        'authority_required',
      );
      expect(required.capability).toBe('organization.membership.invite');
      expect(required.delegator).toBe(w.who.missio);
      expect(required.delegate).toBe(w.who.harnessAgent);
      expect(required.standing).toEqual({ relation: 'steward', canGrant: true });
      expect(required.requirement.args).toEqual({ person: w.who.david, organization: w.who.missio });
      expect(required.parties.map((p) => p.word)).toEqual(['david', 'Missio Nexus']);
      const signed = await w.sign(required.requirement, 'alice');
      const done = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'done');
      expect(done.receipts).toHaveLength(1);
      const receipt = done.receipts[0]!;
      expect(receipt.presentedRef).toBe(`mandate:${signed.kind === 'mandate' ? signed.mandateHash : ''}`);
      expect(receipt.actedOnBehalfOf).toBe(w.who.alice);
      const verdict = await w.harness().context.authority.verifyMandate({
        hash: receipt.mandateHash!,
        now: Math.floor(w.harness().context.clock.now() / 1000),
      });
      expect(verdict.ok).toBe(true);
      const members = expectKind(replyOf(await w.ask({ message: 'Who are the members of Missio Nexus?' })), 'answer');
      expect(members.results?.map((r) => r.address)).toContain(w.who.david);
    },
  },
  {
    id: '5.3',
    title: '“Add dave to my contacts.” — the adjacent act, kept apart',
    model: 'throwing',
    async run(w, expect) {
      const reply = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      expect(reply.capability).toBe('person.contact.invite');
      expect(reply.delegator).toBe(w.who.alice);
      expect(reply.requirement.args).toEqual({ person: w.who.dave });
      expect(reply.summary).toMatch(/Dave Silva/);
      expect(w.model?.calls ?? []).toHaveLength(0);
    },
  },
  {
    id: '5.3-wrong-model',
    title: '5.3 with a model that proposes a membership invite: no membership request reaches the person',
    model: {
      planner: [
        planAnswer({
          steps: [{ toolId: 'organization.membership.invite', args: { person: 'dave', organization: 'Missio Nexus' } }],
        }),
        planAnswer({ steps: [{ toolId: 'person.contact.invite', args: { person: 'dave' } }] }),
      ],
    },
    settings: { compiledShapes: false },
    async run(w, expect) {
      const reply = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      expect(reply.capability).toBe('person.contact.invite');
      const first = reply.plannerTrace.admission[0]!;
      expect(first.verdict).toBe('replan');
      expect(first.violations.map((v) => v.rule)).toContain('actsFromTheWords');
      expect(w.model!.count('planner')).toBe(2);
    },
  },
  {
    id: '5.4',
    title: '“Send 2 USDC to nathan.treasury toward the retreat deposit.” — a payment with a marked default payer',
    model: 'throwing',
    async run(w, expect) {
      const [alice, nathan] = [await w.usdc(w.who.alice), await w.usdc(w.who.nathan)];
      const required = expectKind(
        replyOf(await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' })),
        'authority_required',
      );
      expect(required.capability).toBe('payment.usdc.send');
      expect(required.delegator).toBe(w.who.alice);
      expect(required.requirement.caveats).toMatchObject({
        calls: 1,
        token: 'usdc',
        maxAmount: '2000000',
        recipient: w.who.nathan,
      });
      expect(required.requirement.risk).toBe('medium');
      const done = expectKind(
        replyOf(await w.ask({ runRef: required.runRef, supplied: [await w.sign(required.requirement, 'alice')] })),
        'done',
      );
      expect(done.receipts[0]!.txHash).toBeDefined();
      expect(done.receipts[0]!.observation).toBe('confirmed');
      expect(await w.usdc(w.who.alice)).toBe(alice - 2_000_000n);
      expect(await w.usdc(w.who.nathan)).toBe(nathan + 2_000_000n);
    },
  },
  {
    id: '5.4-crash',
    title: '5.4 with the worker stopped between redeem and receipt: resume → done, paid once, nonce once',
    model: 'throwing',
    async run(w, expect) {
      const nathan = await w.usdc(w.who.nathan);
      const nonce = await w.harnessNonce();
      const required = expectKind(
        replyOf(await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' })),
        'authority_required',
      );
      const signed = await w.sign(required.requirement, 'alice');
      w.crashAfterNextRedeem();
      const crashed = await w.ask({ runRef: required.runRef, supplied: [signed] });
      expect(crashed.ok).toBe(false);
      expect(crashed.ok ? '' : crashed.error.code).toBe('RUN_INTERRUPTED');
      expect(await w.usdc(w.who.nathan)).toBe(nathan + 2_000_000n);
      w.restart();
      const done = expectKind(replyOf(await w.ask({ runRef: required.runRef })), 'done');
      const receipt = done.receipts[0]!;
      expect(receipt.reconciled).toBe(true);
      expect(await w.usdc(w.who.nathan)).toBe(nathan + 2_000_000n);
      expect(await w.harnessNonce()).toBe(nonce + 1);
      const replay = expectKind(replyOf(await w.ask({ runRef: required.runRef })), 'done');
      expect(replay.receipts[0]!.txHash).toBe(receipt.txHash);
      expect(replay.plannerTrace.plannerUsed).toBe('replay');
      expect(await w.harnessNonce()).toBe(nonce + 1);
    },
  },
  {
    id: '5.5',
    title: '“Pay nathan.treasury back for the hymnals.” — a number nobody said',
    model: 'throwing',
    async run(w, expect) {
      const reply = expectKind(
        replyOf(await w.ask({ message: 'Pay nathan.treasury back for the hymnals.' })),
        'prompt',
      );
      expect(reply.prompt).toMatchObject({ kind: 'data', fields: [{ arg: 'amount', argKind: 'amount' }] });
      expect(reply.plannerTrace.authority).toHaveLength(0);
      expect(await w.receipts(reply.runRef)).toHaveLength(0);
      expect(w.model?.calls ?? []).toHaveLength(0);
    },
  },
  ...SEED_SCENARIOS_LATER,
];
