import type { Hex } from 'viem';
import type { Supplied } from '../../protocol/ask';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { errorOf, expectKind, replyOf, type Scenario } from './scenario';
import type { World } from './world';

/**
 * The authority ladder and the doors: a high-risk payment needs the declared approver's
 * co-signature; a critical treasury transfer needs a quorum and a fresh authorization; a forged co-signature, a
 * revoked mandate, a stale plan digest, an exhausted mandate and a replayed caller assertion are refused in words;
 * the ask-as-me variant parks an act at authority_required for the person.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const hashOf = (s: Supplied): Hex => (s.kind === 'mandate' ? s.mandateHash : '0x');

/** Ask, sign as `signer`, resume: the reply after the mandate is presented. */
async function askAndSign(w: World, message: string, signer: 'alice' = 'alice', to?: `0x${string}`) {
  const required = expectKind(
    replyOf(await w.ask({ message, ...(to !== undefined ? { to } : {}) })),
    'authority_required',
  );
  const signed = await w.sign(required.requirement, signer);
  return {
    required,
    signed,
    next: replyOf(await w.ask({ runRef: required.runRef, supplied: [signed], ...(to !== undefined ? { to } : {}) })),
  };
}

export const LADDER_SCENARIOS: Scenario[] = [
  {
    id: 'ladder.high',
    title: 'a high-risk payment needs the declared approver’s co-signature, verified, then the mandate again',
    model: 'throwing',
    async run(w, expect) {
      const nathan = await w.usdc(w.who.nathan);
      const { required, next } = await askAndSign(w, 'Send 500 USDC to nathan.treasury for the roof.');
      expect(required.requirement.risk).toBe('high');
      const prompt = expectKind(next, 'prompt');
      expect(prompt.prompt).toMatchObject({ kind: 'signature', approvers: [w.who.bob], quorum: 1, have: [] });
      const digest = prompt.prompt.kind === 'signature' ? prompt.prompt.approvalDigest : '0x';
      const done = expectKind(
        replyOf(await w.ask({ runRef: prompt.runRef, supplied: [await w.approve(prompt.resumeToken, digest, 'bob')] })),
        'done',
      );
      expect(done.decisions[0]!.obligations).toEqual(['second-party-approval']);
      expect(await w.usdc(w.who.nathan)).toBe(nathan + 500_000_000n);
    },
  },
  {
    id: 'ladder.forged',
    title: 'a forged co-signature is refused in words and nothing moves',
    model: 'throwing',
    async run(w, expect) {
      const nathan = await w.usdc(w.who.nathan);
      const { next } = await askAndSign(w, 'Send 500 USDC to nathan.treasury for the roof.');
      const prompt = expectKind(next, 'prompt');
      const digest = prompt.prompt.kind === 'signature' ? prompt.prompt.approvalDigest : '0x';
      const forged = await w.approve(prompt.resumeToken, digest, 'bob', 'stranger');
      const refused = expectKind(replyOf(await w.ask({ runRef: prompt.runRef, supplied: [forged] })), 'refused');
      expect(refused.error.code).toBe('APPROVAL_FORGED');
      expect(refused.error.message).toMatch(/does not verify/);
      expect(await w.usdc(w.who.nathan)).toBe(nathan);
    },
  },
  {
    id: 'ladder.critical',
    title: 'a critical treasury transfer needs a quorum of treasurers and a fresh authorization',
    model: 'throwing',
    async run(w, expect) {
      const nathan = await w.usdc(w.who.nathan);
      const { required, next } = await askAndSign(
        w,
        'Transfer 500 USDC from the Missio Nexus treasury to nathan.treasury.',
        'alice',
        w.who.missio,
      );
      expect(required.requirement).toMatchObject({ risk: 'critical', delegator: w.who.missio, freshSeconds: 300 });
      let prompt = expectKind(next, 'prompt');
      expect(prompt.prompt).toMatchObject({ kind: 'signature', quorum: 2 });
      const digest = prompt.prompt.kind === 'signature' ? prompt.prompt.approvalDigest : '0x';
      prompt = expectKind(
        replyOf(
          await w.ask({
            to: w.who.missio,
            runRef: prompt.runRef,
            supplied: [await w.approve(prompt.resumeToken, digest, 'nathan')],
          }),
        ),
        'prompt',
      );
      expect(prompt.prompt).toMatchObject({ kind: 'signature', have: [w.who.nathan] });
      w.advance(10 * 60 * 1000); // the treasurers took ten minutes: the mandate is no longer fresh
      const stale = expectKind(
        replyOf(
          await w.ask({
            to: w.who.missio,
            runRef: prompt.runRef,
            supplied: [await w.approve(prompt.resumeToken, digest, 'carol')],
          }),
        ),
        'authority_required',
      );
      expect(stale.summary).toMatch(/a fresh mandate/);
      expect(await w.usdc(w.who.nathan)).toBe(nathan);
      const resigned = await w.sign(stale.requirement, 'alice');
      const done = expectKind(
        replyOf(await w.ask({ to: w.who.missio, runRef: stale.runRef, supplied: [resigned] })),
        'done',
      );
      expect(done.decisions[0]!.obligations).toEqual(['second-party-approval', 'quorum', 'fresh-authorization']);
      expect(await w.usdc(w.who.nathan)).toBe(nathan + 500_000_000n);
    },
  },
  {
    id: 'refuse.revoked',
    title: 'a revoked mandate is refused in words',
    model: 'throwing',
    async run(w, expect) {
      const required = expectKind(
        replyOf(await w.ask({ message: 'Can you get david added to Missio Nexus?' })),
        'authority_required',
      );
      const signed = await w.sign(required.requirement, 'alice');
      await w.revoke(hashOf(signed));
      const refused = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'refused');
      expect(refused.error).toMatchObject({ code: 'MANDATE_REVOKED' });
      expect(refused.error.message).toMatch(/revoked/);
    },
  },
  {
    id: 'refuse.stale-plan',
    title: 'a mandate signed for another plan (a stale plan digest) is refused in words',
    model: 'throwing',
    async run(w, expect) {
      const first = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      const signed = await w.sign(first.requirement, 'alice');
      const second = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      const refused = expectKind(
        replyOf(
          await w.ask({
            runRef: second.runRef,
            supplied: [{ kind: 'mandate', mandateHash: hashOf(signed), stepRef: second.stepRef }],
          }),
        ),
        'refused',
      );
      expect(refused.error.code).toBe('MANDATE_STALE_PLAN');
      expect(refused.error.message).toMatch(/different plan/);
    },
  },
  {
    id: 'refuse.exhausted',
    title: 'an exhausted mandate is refused in words',
    model: 'throwing',
    async run(w, expect) {
      const required = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      const signed = await w.sign(required.requirement, 'alice');
      await w.exhaust(hashOf(signed));
      const refused = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'refused');
      expect(refused.error.code).toBe('MANDATE_EXHAUSTED');
    },
  },
  {
    id: 'refuse.other-signer',
    title: 'a mandate for the organization signed by someone who does not hold it is refused',
    model: 'throwing',
    async run(w, expect) {
      const required = expectKind(
        replyOf(await w.ask({ message: 'Can you get david added to Missio Nexus?' })),
        'authority_required',
      );
      const signed = await w.sign(required.requirement, 'bob' as 'alice');
      const refused = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'refused');
      expect(refused.error.code).toBe('MANDATE_BAD_SIGNATURE');
    },
  },
  {
    id: 'ask-as-me',
    title: 'ask-as-me: reads answered as the person; an act parks at authority_required; no self-authorized write',
    model: 'throwing',
    async run(w, expect) {
      const wireHash = await w.grantWire(ORIGIN, { folders: ['readings'], kinds: ['contacts', 'organizations'] });
      const read = expectKind(
        replyOf(await w.askAsMe({ message: 'How many contacts do I have?', wireHash, origin: ORIGIN })),
        'answer',
      );
      expect(read.text).toMatch(/You have 4 contacts/);
      const act = expectKind(
        replyOf(await w.askAsMe({ message: 'Add dave to my contacts.', wireHash, origin: ORIGIN })),
        'authority_required',
      );
      expect(act.delegator).toBe(w.who.alice);
      expect(act.grantLink).toMatch(/\?run=/);
      const memory = expectKind(
        replyOf(await w.askAsMe({ message: 'Remember that I prefer morning calls.', wireHash, origin: ORIGIN })),
        'authority_required',
      );
      expect(memory.capability).toBe('memory.remember');
      const own = expectKind(replyOf(await w.ask({ message: 'Remember that I prefer morning calls.' })), 'done');
      expect(own.receipts[0]!.presentedRef).toBe('self');
    },
  },
  {
    id: 'ask-as-me.refusals',
    title: 'ask-as-me: a replayed assertion, another origin, another signer and a revoked wire are refused in words',
    model: 'throwing',
    async run(w, expect) {
      const wireHash = await w.grantWire(ORIGIN, { folders: [], kinds: ['contacts'] });
      const once = { message: 'How many contacts do I have?', wireHash, origin: ORIGIN, nonce: 'nonce-replayed-0001' };
      expectKind(replyOf(await w.askAsMe(once)), 'answer');
      expect(errorOf(await w.askAsMe(once))).toMatchObject({ code: 'ASSERTION_REPLAYED' });
      expect(
        errorOf(await w.askAsMe({ ...once, nonce: 'nonce-other-origin-1', origin: 'http://evil.example' })).code,
      ).toBe('WIRE_WRONG_ORIGIN');
      expect(
        errorOf(
          await w.askAsMe({ ...once, nonce: 'nonce-other-signer-1', assertionKey: DEMO_PEOPLE.stranger.privateKey }),
        ).code,
      ).toBe('ASSERTION_NOT_BY_DELEGATE');
      await w.revoke(wireHash);
      const revoked = errorOf(await w.askAsMe({ ...once, nonce: 'nonce-after-revoke-1' }));
      expect(revoked.code).toBe('WIRE_REVOKED');
      expect(revoked.message).toMatch(/revoked/);
    },
  },
  {
    id: 'ask-as-me.read-scope',
    title: 'ask-as-me: a wire reading only readings is refused contacts, memory, receipts and the balance in words',
    model: 'throwing',
    async run(w, expect) {
      const wireHash = await w.grantWire(ORIGIN, { folders: ['readings'], kinds: [] });
      for (const [message, what] of [
        ['How many contacts do I have?', 'your contacts'],
        ['Show my recent receipts.', 'your receipts'],
        ["What's my balance?", 'your balance'],
      ] as const) {
        const refused = expectKind(replyOf(await w.askAsMe({ message, wireHash, origin: ORIGIN })), 'refused');
        expect(refused.error.code).toBe('READ_NOT_GRANTED');
        expect(refused.error.message).toContain(`may not read ${what}`);
      }
    },
  },
  {
    id: 'runs.claim',
    title: 'a run is resumed only by its own caller, not after it expires, and a declined act ends refused',
    model: 'throwing',
    async run(w, expect) {
      const required = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      expect(errorOf(await w.ask({ runRef: required.runRef, as: w.who.bob })).code).toBe('NOT_YOUR_AGENT');
      expect(errorOf(await w.ask({ runRef: required.runRef, to: w.who.missio })).code).toBe('RUN_NOT_YOURS');
      expect(errorOf(await w.ask({ runRef: 'run-404' })).code).toBe('RUN_NOT_FOUND');
      const declined = expectKind(
        replyOf(await w.ask({ runRef: required.runRef, supplied: [{ kind: 'decline', reason: 'not now' }] })),
        'refused',
      );
      expect(declined).toMatchObject({ outcome: 'declined', error: { code: 'DECLINED' } });
      const later = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
      w.advance(8 * 24 * 3600 * 1000);
      expect(errorOf(await w.ask({ runRef: later.runRef })).code).toBe('RUN_EXPIRED');
    },
  },
];
