/**
 * BROWSER SIDE of the vault benchmark: bundled by bench/chromium/vault-in-origin.ts into one script and evaluated
 * over the DevTools protocol in a page of the built extension, so the vault's own modules (src/vault: Dexie, the
 * repositories with their zod validation, the encrypted export and import) run against the real IndexedDB of the
 * extension's origin — and no benchmark code is ever part of the extension's build. Every loop runs here, in the
 * page, and returns plain milliseconds. Bench vaults have their own database names; the person's vault is untouched.
 */
import { util } from 'zod/v4/core';
import { fixedClock } from '../../src/vault/clock';
import { freshKdf, OWASP_SCRYPT, stretch } from '../../src/vault/keys/kdf';
import type { RecordInput } from '../../src/vault/records/record';
import { exportVault } from '../../src/vault/transfer/export';
import { importVault } from '../../src/vault/transfer/import';
import { openVaultRepositories, type Vault } from '../../src/vault/vault';

/** The name under which the probe is reachable in the page: the bench asserts it appears nowhere in the build. */
export const PROBE_GLOBAL = '__homeAgentVaultBench';

const TYPES = ['contact', 'memory', 'cabinet.readings', 'cabinet.doses', 'cabinet.symptoms'] as const;
/** As bench/vault-node.bench.ts: 100 owners × 5 types, so one [type+owner] range holds n / 500 rows. */
const OWNERS = 100;
const owner = (i: number) => `0x${(i % OWNERS).toString(16).padStart(40, '0')}`;
const PASSPHRASE = 'bench export passphrase';

function recordAt(i: number): RecordInput {
  const o = owner(i);
  const type = TYPES[Math.floor(i / OWNERS) % TYPES.length]!;
  const at = new Date(Date.UTC(2026, 8, 1) + i * 60_000).toISOString();
  const id = `r-${i}`;
  if (type === 'contact')
    return { id, type, owner: o, data: { label: `Person ${i}`, aliases: [`p${i}`], address: owner(i + 7) } };
  if (type === 'memory') return { id, type, owner: o, data: { text: `remembered thing ${i}`, tags: ['bench'] } };
  if (type === 'cabinet.readings')
    return {
      id,
      type,
      owner: o,
      data: { id, metric: 'weight', value: 80 + (i % 10) / 10, unit: 'kg', at, source: 'device' },
    };
  if (type === 'cabinet.doses')
    return { id, type, owner: o, data: { id, orderId: 'ord-furosemide', drug: 'furosemide', at, taken: true } };
  return { id, type, owner: o, data: { id, text: 'ankles a little puffy', at } };
}

const vaults = new Map<string, Vault>();
let exported: string | undefined;
const clock = fixedClock(Date.UTC(2026, 8, 29));

async function vaultNamed(name: string): Promise<Vault> {
  const open = vaults.get(name) ?? (await openVaultRepositories(name, { clock }));
  vaults.set(name, open);
  return open;
}

async function times(runs: number, warmup: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await work(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(warmup + i);
    out.push(performance.now() - started);
  }
  return out;
}

function rawDatabase(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

function rawGet(db: IDBDatabase, id: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = db.transaction('records', 'readonly').objectStore('records').get(id);
    request.onsuccess = () =>
      request.result === undefined ? reject(new Error(`no record ${id}`)) : resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

const probe = {
  /**
   * Whether the extension's CSP (`script-src 'self'`) holds here as in the worker: eval refused, so zod validates
   * without its `new Function` fast path. The debugger lifts the CSP only while its own evaluation runs, so this
   * first leaves it (a timer turn), then asks zod too (the probe is called first, before anything parses).
   */
  async evalBlocked(): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    let blocked = false;
    try {
      new Function('');
    } catch {
      blocked = true;
    }
    return blocked && !util.allowsEval.value;
  },
  /** A fresh vault named `name` holding `n` records, written by the repository (zod-validated) in one bulk put. */
  async fill(name: string, n: number): Promise<{ ms: number; count: number }> {
    await (await vaultNamed(name)).db.delete();
    vaults.delete(name);
    const vault = await vaultNamed(name);
    const records = Array.from({ length: n }, (_, i) => recordAt(i));
    const started = performance.now();
    await vault.records.putMany(records);
    return { ms: performance.now() - started, count: await vault.db.records.count() };
  },
  /**
   * The reads, interleaved so each sees the same machine: `records.list(type, owner)` over varying owners (one
   * [type+owner] range, every row validated on the way out), the same with `limit: 20`, and the baseline, IndexedDB's
   * own `get` by primary key (one read-only transaction, no Dexie, no zod).
   */
  async reads(
    name: string,
    runs: number,
    n: number,
  ): Promise<{ query: number[]; limited: number[]; bare: number[]; rows: number }> {
    const vault = await vaultNamed(name);
    const db = await rawDatabase(name);
    const sizes = new Set<number>();
    const out = { query: [] as number[], limited: [] as number[], bare: [] as number[] };
    const timed = async (into: number[] | undefined, work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      into?.push(performance.now() - started);
    };
    const list = async (i: number, limit?: number) => {
      const read = await vault.records.list(
        'cabinet.readings',
        owner((i * 7) % OWNERS),
        limit === undefined ? {} : { limit },
      );
      if (read.corrupt.length > 0) throw new Error(`${read.corrupt.length} corrupt rows`);
      if (limit === undefined) sizes.add(read.rows.length);
    };
    try {
      for (let i = -5; i < runs; i++) {
        const keep = i >= 0;
        await timed(keep ? out.query : undefined, () => list(i + 5));
        await timed(keep ? out.limited : undefined, () => list(i + 5, 20));
        await timed(keep ? out.bare : undefined, () => rawGet(db, `r-${((i + 5) * 7919) % n}`));
      }
    } finally {
      db.close();
    }
    if (sizes.size !== 1) throw new Error(`queries returned different sizes: ${[...sizes].join(', ')}`);
    return { ...out, rows: [...sizes][0]! };
  },
  /** `receipts.append`: a receipt the size of a real step's (binding, observation, effect), validated and added. */
  async append(name: string, runs: number): Promise<number[]> {
    const vault = await vaultNamed(name);
    const subject = owner(3);
    return times(runs, 5, (i) =>
      vault.receipts.append({
        id: `receipt:bench-${i}:s1`,
        runRef: `bench-${i}`,
        stepRef: 's1',
        subject,
        schemaVersion: 1,
        body: {
          binding: {
            capabilityId: 'contacts.add',
            planDigest: `0x${'ab'.repeat(32)}`,
            argsDigest: `0x${'cd'.repeat(32)}`,
          },
          observation: 'committed',
          effect: { record: `contact/${subject}/p${i}` },
          at: clock.now(),
        },
      }),
    );
  },
  /** One scrypt stretch at OWASP's parameters: the floor of every export and import. */
  async stretchOnce(): Promise<number> {
    const started = performance.now();
    await stretch(PASSPHRASE, freshKdf(OWASP_SCRYPT));
    return performance.now() - started;
  },
  /** The vault's real export (one read transaction, every row validated, sealed under the passphrase); kept for import. */
  async exportOnce(name: string): Promise<{ ms: number; chars: number; records: number }> {
    const vault = await vaultNamed(name);
    const started = performance.now();
    const result = await exportVault(vault, PASSPHRASE);
    const ms = performance.now() - started;
    exported = result.file;
    return { ms, chars: result.file.length, records: result.counts.records };
  },
  /** The vault's real import of the last export into an empty vault (opened, validated, replaced; staged and migrated only when older). */
  async importOnce(name: string): Promise<{ ms: number; records: number }> {
    if (exported === undefined) throw new Error('export first');
    const vault = await vaultNamed(name);
    const started = performance.now();
    const outcome = await importVault(vault, exported, PASSPHRASE);
    const ms = performance.now() - started;
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    return { ms, records: await vault.db.records.count() };
  },
  /** Deletes the bench vaults (and frees the export held in memory). */
  async drop(): Promise<void> {
    exported = undefined;
    for (const vault of vaults.values()) await vault.db.delete();
    vaults.clear();
  },
};

export type VaultProbe = typeof probe;

(globalThis as Record<string, unknown>)[PROBE_GLOBAL] = probe;
