import { describe, expect, it } from 'vitest';
import { FixedClock } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { fixedKeys } from './accounts';
import { createHomeAgent } from './index';
import { openDemoHome } from './testing/demo-home';

/**
 * A budget per agent (seed 001 step 0.5) as the person's Home runs it: the daily allowance from their settings, what
 * was spent kept in the vault — so a stopped and restarted worker (a new composition root over the same vault)
 * still refuses, in words, until the day turns.
 */
describe('the ask budget across a worker restart', () => {
  it('refuses in words once the day’s asks are spent, still refuses after a restart, and answers again the next day', async () => {
    const clock = new FixedClock();
    const parts = await openDemoHome(clock);
    await parts.vault.settings.set('budget.asksPerDay', 2);
    const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });
    const start = () => createHomeAgent({ vault: parts.vault, chain: parts.chain, keys, clock });
    const ask = (agent: ReturnType<typeof start>) =>
      agent.ask({ message: 'How many contacts do I have?', surface: 'sidepanel' });

    const first = start();
    expect((await ask(first)).ok).toBe(true);
    expect((await ask(first)).ok).toBe(true);
    const spent = await ask(first);
    expect(spent).toMatchObject({ ok: false, error: { code: 'BUDGET_SPENT', details: { status: 429 } } });
    expect(!spent.ok && spent.error.message).toBe(
      "This agent has answered the 2 asks it takes in its budget; it takes more in about 24 hours. You can change the daily allowance in your Home's settings.",
    );

    const restarted = start();
    expect(await ask(restarted)).toMatchObject({ ok: false, error: { code: 'BUDGET_SPENT' } });
    clock.advance(23 * 3_600_000);
    expect(await ask(restarted)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/in about 60 minutes/) },
    });
    clock.advance(3_600_000);
    expect((await ask(restarted)).ok).toBe(true);
  });
});
