import type { CDPSession, Page } from '@playwright/test';
import type { Hex } from 'viem';
import { demoAddressOf } from '../src/agent/demo';
import { DEMO_SERVICES } from '../src/protocol/demo-identities';
import { openEmbeddedChain, readCallsUsed, usdcBalanceOf } from '../src/wallet';
import { expect, type ExtensionHandle } from './fixtures';
import { askInPanel } from './faces-support';

/**
 * Helpers for stopping Chromium's real service worker in the middle of a payment (e2e/faults-worker-stop.spec.ts).
 * The stop is the one e2e/launch.ts `stopServiceWorker` makes (CDP `ServiceWorker.stopAllWorkers`, waiting for the
 * background's version to report `stopped`), but armed in advance on an extension page that stays open, so the
 * stop lands within a few milliseconds of the moment chosen instead of after a page load.
 */
export type ArmedStop = { stop(): Promise<void>; detach(): Promise<void> };

export async function armWorkerStop(extension: ExtensionHandle, page: Page): Promise<ArmedStop> {
  const cdp: CDPSession = await extension.context.newCDPSession(page);
  const scriptUrl = extension.url('background.js');
  let waiter: (() => void) | undefined;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.some((v) => v.scriptURL === scriptUrl && v.runningStatus === 'stopped')) waiter?.();
  });
  await cdp.send('ServiceWorker.enable');
  return {
    async stop() {
      const stopped = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The service worker did not report "stopped" within 10 s.')),
          10_000,
        );
        waiter = () => (clearTimeout(timer), (waiter = undefined), resolve());
      });
      await cdp.send('ServiceWorker.stopAllWorkers');
      await stopped;
    },
    detach: () => cdp.detach(),
  };
}

/** What the vault holds for one run, read raw from IndexedDB in an extension page: only to NAME the phase a stop hit. */
export type RunTrace = {
  status: string | null;
  step: string | null;
  mandates: number;
  mandateHash: string | null;
  mandateUses: number;
  redemptionRecorded: boolean;
  receipts: number;
};

export async function traceRun(page: Page, runRef: string): Promise<RunTrace> {
  return page.evaluate(async (runRef) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('home-agent-vault');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(table: string, get: (store: IDBObjectStore) => IDBRequest) =>
      new Promise<T>((resolve, reject) => {
        const req = get(db.transaction(table).objectStore(table));
        req.onsuccess = () => resolve(req.result as T);
        req.onerror = () => reject(req.error);
      });
    const byRun = (table: string) => read<Record<string, unknown>[]>(table, (s) => s.index('runRef').getAll(runRef));
    // runs is keyed by runRef itself; the others carry it as an index.
    const [run, mandates, provenance, receipts] = await Promise.all([
      read<Record<string, unknown> | undefined>('runs', (s) => s.get(runRef)),
      byRun('mandates'),
      byRun('provenance'),
      byRun('receipts'),
    ]);
    db.close();
    const checkpoint = (run?.checkpoint ?? null) as { status?: string; steps?: { status?: string }[] } | null;
    return {
      status: checkpoint?.status ?? null,
      step: checkpoint?.steps?.[0]?.status ?? null,
      mandates: mandates.length,
      mandateHash: (mandates[0]?.hash as string | undefined) ?? null,
      mandateUses: mandates.reduce((n, m) => n + Number(m.uses), 0),
      redemptionRecorded: provenance.some((p) => String(p.id).startsWith('redemption:')),
      receipts: receipts.length,
    };
  }, runRef);
}

/**
 * The embedded chain as the vault persisted it (the snapshot a restarted worker restores), read into Node and opened
 * with the wallet's own code: what a block explorer would say of Alice, Bob, the harness agent and a mandate.
 */
export type ChainFigures = {
  alice: bigint;
  bob: bigint;
  harnessNonce: number;
  callsUsed: (mandateHash: Hex) => Promise<number>;
};

export async function chainFigures(page: Page): Promise<ChainFigures> {
  const base64 = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('home-agent-vault');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<{ bytes: Uint8Array }>((resolve, reject) => {
      const req = db.transaction('chainState').objectStore('chainState').get('embedded');
      req.onsuccess = () => resolve(req.result as { bytes: Uint8Array });
      req.onerror = () => reject(req.error);
    });
    db.close();
    let text = '';
    for (let i = 0; i < row.bytes.length; i += 0x8000)
      text += String.fromCharCode(...row.bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const chain = await openEmbeddedChain({ store: { load: async () => bytes, save: async () => undefined } });
  const [alice, bob] = [await demoAddressOf('alice'), await demoAddressOf('bob')];
  return {
    alice: await usdcBalanceOf(chain, alice),
    bob: await usdcBalanceOf(chain, bob),
    harnessNonce: await chain.client.getTransactionCount({ address: DEMO_SERVICES['harness-agent'].address }),
    async callsUsed(mandateHash) {
      const read = await readCallsUsed(chain, mandateHash);
      if (!read.ok) throw new Error(read.message);
      return read.used;
    },
  };
}

/** Alice's USDC balance as her agent says it in the side panel ("What's my balance?"). */
export async function balanceInPanel(panel: Page): Promise<number> {
  const card = await askInPanel(panel, 'What’s my USDC balance?');
  await expect(card).toContainText(/Your balance is [\d.]+ USDC/);
  const text = (await card.textContent()) ?? '';
  return Number(/Your balance is ([\d.]+) USDC/.exec(text)?.[1]);
}

/**
 * The phase of the payment a stop landed in, named from the vault right after it, whether the chain the vault
 * persisted holds the payment's transaction (`sent`), and whether the popup showed Done.
 */
export function phaseOf(t: RunTrace, sent: boolean, popupShowedDone: boolean): string {
  if (t.status === 'done')
    return popupShowedDone
      ? 'after done (the popup showed it)'
      : 'run recorded done, before the reply reached the popup';
  if (t.receipts > 0)
    return `receipt written (the step checkpointed ${t.step ?? 'unknown'}), before the run recorded done`;
  if (t.step === 'executing' && t.redemptionRecorded)
    return sent
      ? 'transaction sent and mined (persisted), before its receipt was written'
      : 'signed redemption recorded, its transaction not in the persisted chain (not sent, or mined in memory only)';
  if (t.step === 'executing')
    return `step checkpointed executing (mandate call ${t.mandateUses > 0 ? 'counted' : 'not yet counted'}), before the redemption was recorded`;
  if (t.mandates > 0) return 'mandate stored, before the run resumed with it';
  return 'before the mandate was stored (the run still waiting for the signature)';
}

/** A moment in the payment's life the vault shows, to stop the worker on as soon as it is seen. */
export type VaultMoment =
  'mandate stored' | 'step executing' | 'redemption recorded' | 'transaction persisted' | 'receipt written';

/**
 * Polls the vault (IndexedDB, read-only transactions, from an extension page) until `moment` shows for the run,
 * and resolves then — so the stop that follows lands at that phase or a few milliseconds past it. `chainSavedAt`:
 * the chain snapshot's save time before Sign (a later save is the payment's mined block).
 */
export async function untilVaultShows(
  page: Page,
  runRef: string,
  moment: VaultMoment,
  chainSavedAt: number,
): Promise<void> {
  await page.evaluate(
    async ({ runRef, moment, chainSavedAt }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('home-agent-vault');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const read = <T>(table: string, get: (store: IDBObjectStore) => IDBRequest) =>
        new Promise<T>((resolve, reject) => {
          const req = get(db.transaction(table).objectStore(table));
          req.onsuccess = () => resolve(req.result as T);
          req.onerror = () => reject(req.error);
        });
      const shows = async (): Promise<boolean> => {
        if (moment === 'mandate stored')
          return (await read<number>('mandates', (s) => s.index('runRef').count(runRef))) > 0;
        if (moment === 'receipt written')
          return (await read<number>('receipts', (s) => s.index('runRef').count(runRef))) > 0;
        if (moment === 'redemption recorded')
          return (await read<{ id: string }[]>('provenance', (s) => s.index('runRef').getAll(runRef))).some((p) =>
            p.id.startsWith('redemption:'),
          );
        if (moment === 'transaction persisted')
          return (
            ((await read<{ savedAt: number } | undefined>('chainState', (s) => s.get('embedded')))?.savedAt ?? 0) >
            chainSavedAt
          );
        const run = await read<{ checkpoint?: { steps?: { status?: string }[] } } | undefined>('runs', (s) =>
          s.get(runRef),
        );
        // Executing, or already past it (a step done): a slow poll never waits for a window that has closed.
        return run?.checkpoint?.steps?.some((st) => st.status === 'executing' || st.status === 'done') ?? false;
      };
      const until = Date.now() + 20_000;
      while (!(await shows())) {
        if (Date.now() > until) throw new Error(`The vault never showed "${moment}" for ${runRef}.`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      db.close();
    },
    { runRef, moment, chainSavedAt },
  );
}

/** When the vault last saved the chain's snapshot (its `savedAt`). */
export async function chainSavedAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('home-agent-vault');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('chainState').objectStore('chainState').get('embedded');
          req.onsuccess = () => (resolve((req.result as { savedAt: number }).savedAt), open.result.close());
          req.onerror = () => reject(req.error);
        };
      }),
  );
}
