import { describe, expect, it } from 'vitest';
import { FixedClock } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import type { Vault } from '../vault/vault';
import { createHomeAgent, fixedKeys } from './index';
import { storedUnused } from './sign';
import { openDemoHome } from './testing/demo-home';

/**
 * The worker stopped after the person's mandate was stored and before the run resumed with it (Chromium's worker,
 * stopped ~50 ms after Sign in e2e/faults-worker-stop.spec.ts): the popup lists the request again and the person signs
 * it again, seconds later. That must not leave a second live mandate for the step (its signature differs: it is
 * issued at another second) — the one already stored is resumed with: one mandate for the run, used once.
 */
const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });

/** The vault as the first worker saw it: it stops right after a mandate is stored. */
const stopsAfterMandate = (vault: Vault): Vault => ({
  ...vault,
  mandates: {
    ...vault.mandates,
    async record(row) {
      await vault.mandates.record(row);
      throw new Error('the worker stopped');
    },
  },
});

describe('signing again after the worker stopped between the mandate and the resume', () => {
  it('resumes with the mandate already stored: one mandate for the run, used once, done', async () => {
    const clock = new FixedClock();
    const parts = await openDemoHome(clock, { name: `sign-again-${crypto.randomUUID()}` });
    const first = createHomeAgent({
      vault: stopsAfterMandate(parts.vault),
      chain: parts.chain,
      keys,
      clock,
      model: null,
    });
    const asked = await first.ask({ message: 'Send 5 USDC to bob', surface: 'sidepanel' });
    const runRef = asked.ok ? asked.data.runRef : '';
    await expect(first.sign({ runRef, surface: 'popup' })).rejects.toThrow('the worker stopped');
    const [stored] = (await parts.vault.mandates.list({ runRef })).rows;

    clock.advance(7_000);
    const second = createHomeAgent({ vault: parts.vault, chain: await parts.reopenChain(), keys, clock, model: null });
    expect((await second.pending()).map((p) => [p.runRef, p.waitingFor])).toEqual([[runRef, 'authority']]);
    const { signed, response } = await second.sign({ runRef, surface: 'popup' });
    expect(response.ok && response.data.reply.kind).toBe('done');
    expect(signed.mandateHash).toBe(stored!.hash);
    const rows = (await parts.vault.mandates.list({ runRef })).rows;
    expect(rows.map((m) => [m.hash, m.uses])).toEqual([[stored!.hash, 1]]);
  });

  it('never offers a stored mandate too old for a critical step (it would be refused as stale, forever), nor another step’s', async () => {
    const clock = new FixedClock();
    const parts = await openDemoHome(clock, { name: `sign-again-fresh-${crypto.randomUUID()}` });
    const first = createHomeAgent({
      vault: stopsAfterMandate(parts.vault),
      chain: parts.chain,
      keys,
      clock,
      model: null,
    });
    const asked = await first.ask({ message: 'Send 5 USDC to bob', surface: 'sidepanel' });
    const runRef = asked.ok ? asked.data.runRef : '';
    await expect(first.sign({ runRef, surface: 'popup' })).rejects.toThrow('the worker stopped');
    const [stored] = (await parts.vault.mandates.list({ runRef })).rows;
    const requirement = await createHomeAgent({
      vault: parts.vault,
      chain: parts.chain,
      keys,
      clock,
      model: null,
    }).requirement(runRef);
    const later = clock.now() + 7_000;

    expect(await storedUnused(parts.vault, requirement, later)).toBe(stored!.hash);
    expect(await storedUnused(parts.vault, { ...requirement, freshSeconds: 300 }, later)).toBe(stored!.hash);
    expect(await storedUnused(parts.vault, { ...requirement, freshSeconds: 5 }, later)).toBeNull();
    expect(await storedUnused(parts.vault, { ...requirement, stepRef: 'another-step' }, later)).toBeNull();
    expect(
      await storedUnused(parts.vault, { ...requirement, bindingDigest: `0x${'ab'.repeat(32)}` }, later),
    ).toBeNull();
  });
});
