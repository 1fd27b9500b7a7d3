import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FixedClock, expectKind, replyOf } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { SignSheet } from '../ui/sign/SignSheet';
import { tokenAmount } from '../ui/words/format';
import { usdcBalanceOf } from '../wallet';
import { fixedKeys } from './accounts';
import { createHomeAgent } from './index';
import { openDemoHome } from './testing/demo-home';

/**
 * The sign sheet's balance-change preview, from the agent's own chain to the words the person reads: a payment's
 * balances before → after for both accounts, run on the embedded EVM before anything is signed (nothing moves);
 * one the payer cannot cover says the chain would refuse it; a step that moves no token shows none.
 */
const KEYS = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });

async function home() {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  return { ...parts, agent: createHomeAgent({ vault: parts.vault, chain: parts.chain, keys: KEYS, clock }) };
}

describe('the balance-change preview on the sign sheet', () => {
  it('shows each account’s balance before → after, as the chain ran the payment; nothing moved', async () => {
    const { agent, chain } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Send 5 USDC to bob', surface: 'cli' })),
      'authority_required',
    );
    const payer = asked.requirement.delegator;
    const held = await usdcBalanceOf(chain, payer);
    const previews = await agent.previews(asked.runRef);
    expect(previews).toHaveLength(1);
    expect(previews[0]).toMatchObject({ ok: true, stepRef: asked.requirement.stepRef, simulated: 'account' });
    expect(await usdcBalanceOf(chain, payer)).toBe(held);

    const sheet = (
      <SignSheet
        item={{
          runRef: asked.runRef,
          addressee: payer,
          words: 'Send 5 USDC to bob',
          waitingFor: 'authority_required',
          text: 'Waiting for your signature to send USDC.',
          expiresAt: Date.now() + 60_000,
          requirement: asked.requirement,
        }}
        unlocked
        busy={false}
        previews={previews}
        onSign={() => undefined}
        onDecline={() => undefined}
        onUntrusted={() => undefined}
      />
    );
    const html = renderToStaticMarkup(sheet);
    const usdc = (units: bigint) => tokenAmount(units.toString());
    expect(html).toContain('If you sign: balances before → after');
    expect(html).toContain(`${usdc(held)} → ${usdc(held - 5_000_000n)}`);
    expect(html).toContain('by your account itself; nothing has moved yet.');

    // Every word of the sheet comes from the catalogue: with the browser's chrome.i18n answering (here a catalogue
    // that names each key), none of the English is left.
    const global = globalThis as { chrome?: unknown };
    global.chrome = { i18n: { getMessage: (key: string, subs: string[] = []) => `⟦${[key, ...subs].join('|')}⟧` } };
    try {
      const translated = renderToStaticMarkup(sheet);
      const keys = ['sheetTitle', 'sheetWhatYouAllow', 'sheetDigest', 'sheetSign', 'sheetDecline', 'previewTitle'];
      for (const key of [...keys, 'factWhat', 'factHowMany', 'factRisk', 'riskMedium'])
        expect(translated).toContain(`⟦${key}`);
      expect(translated).toContain('⟦sheetYouAsked|Send 5 USDC to bob⟧');
      const english = ['Review and sign', 'The exact digest you sign', 'Reason for declining', 'balances before'];
      for (const words of [...english, 'What it does', 'How many times', 'Medium —'])
        expect(translated).not.toContain(words);
    } finally {
      delete global.chrome;
    }
  });

  it('a payment the account cannot cover: the chain would refuse it, and the sheet says so before any signature', async () => {
    const { agent } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Send 900000 USDC to bob', surface: 'cli' })),
      'authority_required',
    );
    expect(await agent.previews(asked.runRef)).toEqual([
      {
        ok: false,
        stepRef: asked.requirement.stepRef,
        reason: 'The paying account does not hold enough of the token.',
      },
    ]);
  });

  it('two payments signed together: the second step’s balances start from what the first leaves', async () => {
    const { agent } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Send 5 USDC to bob and 3 USDC to carol', surface: 'cli' })),
      'authority_required',
    );
    const previews = await agent.previews(asked.runRef);
    expect(previews).toHaveLength(2);
    const [first, second] = previews.map((p) => (p.ok ? p.changes[0]! : undefined));
    expect(BigInt(first!.before) - BigInt(first!.after)).toBe(5_000_000n);
    expect(second!.before).toBe(first!.after);
    expect(BigInt(second!.before) - BigInt(second!.after)).toBe(3_000_000n);
  });

  it('a step that moves no token has no preview', async () => {
    const { agent } = await home();
    const asked = expectKind(
      replyOf(await agent.ask({ message: 'Add dave to my contacts.', surface: 'cli' })),
      'authority_required',
    );
    expect(await agent.previews(asked.runRef)).toEqual([]);
  });
});
