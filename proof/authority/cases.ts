import type { Hex } from 'viem';
import type { Supplied } from '../../src/protocol/ask';
import { DEMO_PEOPLE } from '../../src/protocol/demo-identities';
import type { Result } from '../../src/protocol/errors';
import type { AskResponse, HarnessReply } from '../../src/protocol/harness-reply';
import type { World } from '../../src/harness/testing';

/**
 * The authority cases: every way an act might run without the person's verified signature — no mandate,
 * a revoked, expired, exhausted or other-account mandate, a stale plan, other args, another capability, a forged or
 * missing co-signature, a stale authorization — and every way an app might ask as the person without a good wire.
 * Each case ends in what the harness said (a refusal's code, or the mandate it still asks for) and whether anything
 * happened: USDC moved or a receipt written. A case passes when it was refused and nothing happened.
 */
export type Outcome = { refused: boolean; code: string; acted: boolean };
export type AuthorityCase = {
  id: string;
  title: string;
  door: 'session' | 'ask-as-me';
  run: (w: World) => Promise<Outcome>;
};

const ORIGIN = 'http://127.0.0.1:8787';
const PAY = 'Send 2 USDC to nathan.treasury toward the retreat deposit.';
const CONTACT = 'Add dave to my contacts.';
const MEMBERSHIP = 'Can you get david added to Missio Nexus?';
const HIGH = 'Send 500 USDC to nathan.treasury for the roof.';
const TREASURY = 'Transfer 500 USDC from the Missio Nexus treasury to nathan.treasury.';

type Reply = HarnessReply & { runRef: string };
const reply = (r: Result<AskResponse>): Reply => {
  if (!r.ok) throw new Error(`expected a reply, got ${r.error.code}: ${r.error.message}`);
  return { ...r.data.reply, runRef: r.data.runRef };
};
const hashOf = (s: Supplied): Hex => (s.kind === 'mandate' ? s.mandateHash : '0x');

/** What the harness said last, and whether the world changed (USDC to nathan, receipts of the runs). */
async function judge(w: World, last: Result<AskResponse>, before: bigint, runs: string[]): Promise<Outcome> {
  const moved = (await w.usdc(w.who.nathan)) !== before;
  const receipts = (await Promise.all(runs.map((r) => w.receipts(r)))).flat().length;
  const acted = moved || receipts > 0;
  if (!last.ok) return { refused: true, code: last.error.code, acted };
  const r = last.data.reply;
  if (r.kind === 'refused') return { refused: true, code: r.error.code, acted };
  if (r.kind === 'authority_required')
    return { refused: true, code: 'AUTHORITY_REQUIRED (still asks the person)', acted };
  if (r.kind === 'prompt' && r.prompt.kind === 'signature')
    return { refused: true, code: 'APPROVAL_REQUIRED (still asks the approvers)', acted };
  return { refused: false, code: r.kind, acted };
}

/** Ask for an act, then resume it with whatever `supply` produces from the requirement. */
function mandateCase(
  id: string,
  title: string,
  message: string,
  supply: (w: World, required: Extract<Reply, { kind: 'authority_required' }>) => Promise<Supplied[]>,
  to?: 'missio',
): AuthorityCase {
  return {
    id,
    title,
    door: 'session',
    async run(w) {
      const addressee = to === 'missio' ? { to: w.who.missio } : {};
      const before = await w.usdc(w.who.nathan);
      const required = reply(await w.ask({ message, ...addressee }));
      if (required.kind !== 'authority_required')
        return { refused: false, code: `unexpected ${required.kind}`, acted: false };
      const supplied = await supply(w, required);
      const last = await w.ask({ runRef: required.runRef, supplied, ...addressee });
      return judge(w, last, before, [required.runRef]);
    },
  };
}

/** A mandate the person signed for another ask, presented to this one. */
const signedElsewhere =
  (other: string, to?: 'missio') =>
  async (w: World, here: Extract<Reply, { kind: 'authority_required' }>): Promise<Supplied[]> => {
    const there = reply(await w.ask({ message: other, ...(to === 'missio' ? { to: w.who.missio } : {}) }));
    if (there.kind !== 'authority_required') throw new Error(`"${other}" did not ask for a mandate`);
    const signed = await w.sign(there.requirement, 'alice');
    return [{ kind: 'mandate', mandateHash: hashOf(signed), stepRef: here.stepRef }];
  };

export const MANDATE_CASES: AuthorityCase[] = [
  mandateCase('no-mandate', 'an act resumed with no mandate at all', PAY, async () => []),
  mandateCase('unknown-mandate', 'a mandate hash that names nothing the person signed', PAY, async (_w, r) => [
    { kind: 'mandate', mandateHash: `0x${'ab'.repeat(32)}`, stepRef: r.stepRef },
  ]),
  mandateCase('revoked', 'a mandate the person revoked (disableDelegation)', PAY, async (w, r) => {
    const signed = await w.sign(r.requirement, 'alice');
    await w.revoke(hashOf(signed));
    return [signed];
  }),
  mandateCase('expired', 'a mandate whose time window closed', PAY, async (w, r) => {
    const signed = await w.sign(r.requirement, 'alice');
    w.advance(25 * 3600 * 1000);
    return [signed];
  }),
  mandateCase('exhausted', 'a mandate whose one call was used elsewhere', PAY, async (w, r) => {
    const signed = await w.sign(r.requirement, 'alice');
    await w.exhaust(hashOf(signed));
    return [signed];
  }),
  mandateCase(
    'other-account',
    'a mandate signed by someone who does not hold the account (Bob for Alice)',
    PAY,
    async (w, r) => [await w.sign(r.requirement, 'bob')],
  ),
  mandateCase(
    'other-account-org',
    'a mandate for Missio Nexus signed by a member who does not steward it',
    MEMBERSHIP,
    async (w, r) => [await w.sign(r.requirement, 'nathan')],
  ),
  mandateCase(
    'stale-plan',
    'a mandate signed for the same words in an earlier run (a stale plan digest)',
    PAY,
    signedElsewhere(PAY),
  ),
  mandateCase(
    'other-amount',
    'a mandate for 2 USDC presented to a payment of 5 USDC',
    'Send 5 USDC to nathan.treasury toward the retreat deposit.',
    signedElsewhere(PAY),
  ),
  mandateCase(
    'other-recipient',
    'a mandate to pay nathan presented to a payment to bob',
    'Send 2 USDC to bob toward the retreat deposit.',
    signedElsewhere(PAY),
  ),
  mandateCase(
    'other-capability',
    'a contact-invite mandate presented to a payment (the same account delegates both)',
    PAY,
    signedElsewhere(CONTACT),
  ),
  mandateCase(
    'other-delegator',
    "Missio Nexus's mandate presented to Alice's own contact invite",
    CONTACT,
    signedElsewhere(MEMBERSHIP),
  ),
  mandateCase('high-no-approval', 'a high-risk payment with the mandate but no co-signature', HIGH, async (w, r) => [
    await w.sign(r.requirement, 'alice'),
  ]),
  {
    id: 'forged-cosignature',
    title: 'a high-risk payment whose co-signature is forged (Bob named, a stranger signed)',
    door: 'session',
    async run(w) {
      const before = await w.usdc(w.who.nathan);
      const required = reply(await w.ask({ message: HIGH }));
      if (required.kind !== 'authority_required')
        return { refused: false, code: `unexpected ${required.kind}`, acted: false };
      const prompt = reply(
        await w.ask({ runRef: required.runRef, supplied: [await w.sign(required.requirement, 'alice')] }),
      );
      if (prompt.kind !== 'prompt' || prompt.prompt.kind !== 'signature')
        return { refused: false, code: `unexpected ${prompt.kind}`, acted: false };
      const forged = await w.approve(prompt.resumeToken, prompt.prompt.approvalDigest, 'bob', 'stranger');
      return judge(w, await w.ask({ runRef: prompt.runRef, supplied: [forged] }), before, [required.runRef]);
    },
  },
  {
    id: 'critical-stale',
    title: 'a critical treasury transfer whose authorization went stale while the quorum signed',
    door: 'session',
    async run(w) {
      const to = { to: w.who.missio };
      const before = await w.usdc(w.who.nathan);
      const required = reply(await w.ask({ message: TREASURY, ...to }));
      if (required.kind !== 'authority_required')
        return { refused: false, code: `unexpected ${required.kind}`, acted: false };
      const first = reply(
        await w.ask({ runRef: required.runRef, supplied: [await w.sign(required.requirement, 'alice')], ...to }),
      );
      if (first.kind !== 'prompt' || first.prompt.kind !== 'signature')
        return { refused: false, code: `unexpected ${first.kind}`, acted: false };
      const digest = first.prompt.approvalDigest;
      const second = await w.ask({
        runRef: first.runRef,
        supplied: [await w.approve(first.resumeToken, digest, 'nathan')],
        ...to,
      });
      const waiting = reply(second);
      if (waiting.kind !== 'prompt') return judge(w, second, before, [required.runRef]);
      w.advance(10 * 60 * 1000); // the second treasurer took ten minutes: the mandate is no longer fresh
      return judge(
        w,
        await w.ask({
          runRef: waiting.runRef,
          supplied: [await w.approve(waiting.resumeToken, digest, 'carol')],
          ...to,
        }),
        before,
        [required.runRef],
      );
    },
  },
];

/** An ask-as-me from HeartCoach's page after `arrange`; the credential differs from a good one in one way. */
function asMe(
  id: string,
  title: string,
  message: string,
  arrange: (w: World, wire: Hex) => Promise<Partial<Parameters<World['askAsMe']>[0]>>,
  read?: Parameters<World['grantWire']>[1],
): AuthorityCase {
  return {
    id,
    title,
    door: 'ask-as-me',
    async run(w) {
      const before = await w.usdc(w.who.nathan);
      const wireHash = await w.grantWire(ORIGIN, read);
      const changes = await arrange(w, wireHash);
      const last = await w.askAsMe({ message, wireHash, origin: ORIGIN, ...changes });
      return judge(w, last, before, last.ok ? [last.data.runRef] : []);
    },
  };
}

export const ASK_AS_ME_CASES: AuthorityCase[] = [
  asMe(
    'wire-revoked',
    'a wire the person revoked',
    'How many contacts do I have?',
    async (w, wire) => (await w.revoke(wire), {}),
  ),
  asMe(
    'assertion-replayed',
    'a caller assertion replayed (its nonce spent once already)',
    'How many contacts do I have?',
    async (w, wire) => {
      await w.askAsMe({
        message: 'How many contacts do I have?',
        wireHash: wire,
        origin: ORIGIN,
        nonce: 'proof-replayed-nonce-01',
      });
      return { nonce: 'proof-replayed-nonce-01' };
    },
  ),
  asMe('other-origin', 'a wire granted to one origin, used from another', 'How many contacts do I have?', async () => ({
    origin: 'https://evil.example',
  })),
  asMe(
    'not-the-delegate',
    "an assertion signed by a key that is not the wire's delegate",
    'How many contacts do I have?',
    async () => ({ assertionKey: DEMO_PEOPLE.stranger.privateKey }),
  ),
  asMe(
    'wire-expired',
    'a wire past its window (31 days later)',
    'How many contacts do I have?',
    async (w) => (w.advance(31 * 24 * 3600 * 1000), {}),
  ),
  asMe('wire-unknown', 'a wire hash the person never granted', 'How many contacts do I have?', async () => ({
    wireHash: `0x${'cd'.repeat(32)}`,
  })),
  asMe(
    'act-parks',
    'an app asking as the person to pay: the act waits for a mandate only the person signs',
    PAY,
    async () => ({}),
    // The person let the app name their contacts (a payee is found among them).
    { folders: ['readings'], kinds: ['contacts'] },
  ),
  asMe(
    'self-write-parks',
    'an app asking as the person to remember something: never a self-authorized write',
    'Remember that I prefer morning calls.',
    async () => ({}),
  ),
];
