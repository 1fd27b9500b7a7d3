import type { BenchBrowser, Timed } from './launch';
import { spread, type Spread } from './stats';

/**
 * Worker cold start against the built extension: the demo Home loaded once through the Home's own
 * handler, then, round after round, the background worker stopped (CDP) and woken by one message, timed in the
 * sending page from `sendMessage` to the reply:
 *   - no-op: `router.stats` (answered from memory) — the worker's start alone, the baseline;
 *   - compiled read: `ask` "Who's in Missio Nexus right now?" — the vault opened, the chain restored from the
 *     vault's snapshot, the agent built, the harness's compiled shape answering from the vault;
 *   - first verification: `agent.sign` of a run asked before the stop ("Add dave to my contacts.") — the chain
 *     restored, the requirement derived afresh, the mandate signed and stored, and the run resumed, which verifies
 *     it from scratch (ERC-1271 on the deployed Smart Agent, `disabledDelegations`, the vault's use count) and acts.
 * Each sample is proven cold: `worker.status` afterwards names a new instance whose previous one is the instance
 * seen before the stop (exactly one start in between). The same messages to the running worker are the warm figures.
 */
export type ColdStartFigures = {
  rounds: number;
  cold: { noop: Spread; status: Spread; read: Spread; sign: Spread };
  warm: { noop: Spread; read: Spread; sign: Spread };
};

const READ = "Who's in Missio Nexus right now?";
const ACT = 'Add dave to my contacts.';
const PASSPHRASE = 'a long benchmark passphrase';

type Reply = { kind: string; text?: string; requirement?: { bindingDigest: string } };
const replyOf = (data: Record<string, unknown>) => data.reply as Reply;

function expectReply(label: string, timed: Timed, kind: string): number {
  if (!timed.reply.ok) throw new Error(`${label}: ${timed.reply.error.code}: ${timed.reply.error.message}`);
  const got = replyOf(timed.reply.data)?.kind;
  if (kind !== '' && got !== kind)
    throw new Error(`${label}: expected a ${kind} reply, got ${JSON.stringify(timed.reply.data).slice(0, 300)}`);
  return timed.ms;
}

/** The ids of the person's contacts, read straight from the vault's IndexedDB (the worker may be stopped). */
async function contactIds(b: BenchBrowser): Promise<string[]> {
  return b.client.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('home-agent-vault');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows = open.result.transaction('records').objectStore('records').getAll();
          rows.onsuccess = () => {
            resolve(
              (rows.result as { id: string; type: string }[]).filter((r) => r.type === 'contact').map((r) => r.id),
            );
            open.result.close();
          };
          rows.onerror = () => reject(rows.error);
        };
      }),
  );
}

/** Undoes the act between rounds (as bench/harness-real.bench.ts does through the repository): contacts not in `keep` go. */
async function removeContactsBut(b: BenchBrowser, keep: string[]): Promise<number> {
  return b.client.evaluate(
    (keep) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('home-agent-vault');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          const store = tx.objectStore('records');
          let removed = 0;
          const rows = store.getAll();
          rows.onsuccess = () => {
            for (const r of rows.result as { id: string; type: string }[]) {
              if (r.type === 'contact' && !keep.includes(r.id)) {
                store.delete(r.id);
                removed++;
              }
            }
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve(removed);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    keep,
  );
}

const startIdOf = async (b: BenchBrowser) =>
  (await b.data({ type: 'worker.status' })) as { startId: string; previousStartId: string | null };

/** Stops the worker, wakes it with `message`, and proves the reply came from a fresh instance started once. */
async function cold(b: BenchBrowser, message: unknown): Promise<Timed> {
  const before = (await startIdOf(b)).startId;
  await b.stopWorker();
  const timed = await b.send(message);
  const after = await startIdOf(b);
  if (after.startId === before || after.previousStartId !== before) {
    throw new Error(
      `Not a cold start: the worker before the stop was ${before}, after it ${after.startId} (previous ${after.previousStartId}).`,
    );
  }
  return timed;
}

/** The third of three sends to the running worker: its code and the agent are warm. */
async function warm(b: BenchBrowser, message: unknown): Promise<Timed> {
  await b.send(message);
  await b.send(message);
  return b.send(message);
}

export async function measureColdStart(b: BenchBrowser, rounds: number): Promise<ColdStartFigures> {
  await b.data({ type: 'home.demo.load', passphrase: PASSPHRASE });
  const keep = await contactIds(b);
  const askToSign = async () => {
    await removeContactsBut(b, keep);
    const asked = await b.data({ type: 'ask', words: ACT });
    const requirement = replyOf(asked).requirement;
    if (replyOf(asked).kind !== 'authority_required' || requirement === undefined)
      throw new Error(`“${ACT}” did not ask for authority: ${JSON.stringify(asked).slice(0, 300)}`);
    return { type: 'agent.sign', runRef: asked.runRef, expect: requirement.bindingDigest };
  };
  // One round unmeasured: Chromium's code cache for background.js, and every path once.
  expectReply('warm-up read', await cold(b, { type: 'ask', words: READ }), 'answer');
  expectReply('warm-up sign', await cold(b, await askToSign()), 'done');

  const samples = {
    coldNoop: [] as number[],
    coldStatus: [] as number[],
    coldRead: [] as number[],
    coldSign: [] as number[],
    warmNoop: [] as number[],
    warmRead: [] as number[],
    warmSign: [] as number[],
  };
  for (let round = 0; round < rounds; round++) {
    samples.coldNoop.push(expectReply('cold no-op', await cold(b, { type: 'router.stats' }), ''));
    samples.warmNoop.push(expectReply('warm no-op', await warm(b, { type: 'router.stats' }), ''));
    samples.coldStatus.push(expectReply('cold worker.status', await cold(b, { type: 'worker.status' }), ''));
    samples.coldRead.push(expectReply('cold read', await cold(b, { type: 'ask', words: READ }), 'answer'));
    samples.warmRead.push(expectReply('warm read', await warm(b, { type: 'ask', words: READ }), 'answer'));
    samples.coldSign.push(expectReply('cold sign', await cold(b, await askToSign()), 'done'));
    // Warm: the run is asked and signed in the same running worker (one send: a signed run cannot be signed again).
    const sign = await askToSign();
    samples.warmSign.push(expectReply('warm sign', await b.send(sign), 'done'));
  }
  return {
    rounds,
    cold: {
      noop: spread(samples.coldNoop),
      status: spread(samples.coldStatus),
      read: spread(samples.coldRead),
      sign: spread(samples.coldSign),
    },
    warm: { noop: spread(samples.warmNoop), read: spread(samples.warmRead), sign: spread(samples.warmSign) },
  };
}
