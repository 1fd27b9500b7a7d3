import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { usdcBalanceOf, type WalletChain } from '../wallet';
import { demoAddressOf } from './demo';
import { createHomeAgent, fixedKeys } from './index';
import { openDemoHome } from './testing/demo-home';

/**
 * A payment whose worker stopped after its transaction was mined, before the receipt was read (as Chromium's worker
 * stopped in e2e/faults-worker-stop.spec.ts): the run is listed for the person in words that say what happened — not
 * "Waiting on another agent" — and what to do; dropping it is refused (it may have happened), sending it again
 * finishes it with the first transaction, once. Real vault (fake-indexeddb) and embedded chain.
 */
const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });

/** The chain as the first worker saw it: it stops (throws) once the receipt of a sent transaction is asked for. */
function stopsAfterSend(chain: WalletChain): WalletChain {
  const client = new Proxy(chain.client, {
    get(target, key, receiver) {
      if (key === 'waitForTransactionReceipt') return () => Promise.reject(new Error('the worker stopped'));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { ...chain, client };
}

describe('a payment stopped after its transaction was sent', () => {
  it('is listed in words as stopped part-way, cannot be dropped, and is finished once by sending it again', async () => {
    const clock = new FixedClock();
    const parts = await openDemoHome(clock, { name: `interrupted-${crypto.randomUUID()}` });
    const bob = getAddress(await demoAddressOf('bob'));
    const bob0 = await usdcBalanceOf(parts.chain, bob);
    const first = createHomeAgent({ vault: parts.vault, chain: stopsAfterSend(parts.chain), keys, clock, model: null });
    const asked = await first.ask({ message: 'Send 5 USDC to bob', surface: 'sidepanel' });
    const runRef = asked.ok ? asked.data.runRef : '';
    const signed = await first.sign({ runRef, surface: 'popup' });
    expect(signed.response.ok ? 'ok' : signed.response.error.code).toBe('RUN_INTERRUPTED');

    const chain = await parts.reopenChain();
    const second = createHomeAgent({ vault: parts.vault, chain, keys, clock, model: null });
    const [listed] = (await second.pending()).filter((p) => p.runRef === runRef);
    expect(listed).toMatchObject({
      waitingFor: 'agent',
      stopped: true,
      text: expect.stringMatching(
        /^Home Agent stopped while it was carrying this out \(payment\.usdc\.send\), so it may already have happened\. Send it again/,
      ),
    });
    expect(listed!.text).not.toMatch(/another agent/);

    const dropped = await second.decline({ runRef, surface: 'popup' });
    expect(dropped.ok ? 'ok' : dropped.error.code).toBe('ACT_UNDER_WAY');
    const done = await second.resume({ runRef, surface: 'popup' });
    expect(done.ok && done.data.reply.kind).toBe('done');
    expect(await usdcBalanceOf(chain, bob)).toBe(bob0 + 5_000_000n);
    expect((await parts.vault.receipts.byRun(runRef)).rows).toHaveLength(1);
    expect(await second.pending()).toEqual([]);
  });

  it('stopped after the step’s receipt, before the run’s own record: listed as stopped, cannot be dropped, finished once', async () => {
    const clock = new FixedClock();
    const parts = await openDemoHome(clock, { name: `interrupted-${crypto.randomUUID()}` });
    const bob = getAddress(await demoAddressOf('bob'));
    const bob0 = await usdcBalanceOf(parts.chain, bob);
    // The first worker stops as it is about to write the run's last record (done).
    const vault = {
      ...parts.vault,
      runs: {
        ...parts.vault.runs,
        save: (row: Parameters<typeof parts.vault.runs.save>[0]) =>
          row.status === 'done' ? Promise.reject(new Error('the worker stopped')) : parts.vault.runs.save(row),
      },
    };
    const first = createHomeAgent({ vault, chain: parts.chain, keys, clock, model: null });
    const asked = await first.ask({ message: 'Send 5 USDC to bob', surface: 'sidepanel' });
    const runRef = asked.ok ? asked.data.runRef : '';
    const signed = await first.sign({ runRef, surface: 'popup' });
    expect(signed.response.ok ? 'ok' : signed.response.error.code).toBe('RUN_INTERRUPTED');
    expect((await parts.vault.receipts.byRun(runRef)).rows).toHaveLength(1);

    const chain = await parts.reopenChain();
    const second = createHomeAgent({ vault: parts.vault, chain, keys, clock, model: null });
    const [listed] = (await second.pending()).filter((p) => p.runRef === runRef);
    expect(listed!.stopped).toBe(true);
    expect(listed!.text).toMatch(
      /^Home Agent stopped just before it finished this; what was done stands\. Send it again/,
    );
    const dropped = await second.decline({ runRef, surface: 'popup' });
    expect(dropped.ok ? 'ok' : dropped.error.code).toBe('ACT_UNDER_WAY');
    const done = await second.resume({ runRef, surface: 'popup' });
    expect(done.ok && done.data.reply.kind).toBe('done');
    expect(await usdcBalanceOf(chain, bob)).toBe(bob0 + 5_000_000n);
    expect((await parts.vault.receipts.byRun(runRef)).rows).toHaveLength(1);
  });
});
