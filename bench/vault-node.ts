/**
 * Vault figures in Node, INDICATIVE ONLY: fake-indexeddb is IndexedDB's algorithm in JavaScript, not Chromium's
 * LevelDB-backed store. The required vault benchmark runs in Chromium against the built extension. Each figure is
 * printed beside a baseline measured in the same run (STYLE): the indexed query against a full scan, the validated
 * insert against a raw bulkAdd of the same rows, export/import against the bare passphrase stretch.
 *
 *   npx tsx bench/vault-node.ts [--sizes 10000,100000]
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { fixedClock } from '../src/vault/clock';
import { OWASP_PBKDF2, OWASP_SCRYPT, freshKdf, stretch } from '../src/vault/keys/kdf';
import type { RecordInput } from '../src/vault/records/record';
import { exportVault } from '../src/vault/transfer/export';
import { importVault } from '../src/vault/transfer/import';
import { openVaultRepositories, type Vault } from '../src/vault/vault';

const TYPES = ['contact', 'memory', 'cabinet.readings', 'cabinet.doses', 'cabinet.symptoms'] as const;
const OWNERS = 100;
const owner = (i: number) => `0x${(i % OWNERS).toString(16).padStart(40, '0')}`;

function recordAt(i: number): RecordInput {
  const o = owner(i);
  const type = TYPES[Math.floor(i / OWNERS) % TYPES.length]!;
  const at = new Date(Date.UTC(2026, 8, 1) + i * 60_000).toISOString();
  const id = `r-${i}`;
  if (type === 'contact') return { id, type, owner: o, data: { label: `Person ${i}`, aliases: [`p${i}`], address: owner(i + 7) } };
  if (type === 'memory') return { id, type, owner: o, data: { text: `remembered thing ${i}`, tags: ['bench'] } };
  if (type === 'cabinet.readings') return { id, type, owner: o, data: { id, metric: 'weight', value: 80 + (i % 10) / 10, unit: 'kg', at, source: 'device' } };
  if (type === 'cabinet.doses') return { id, type, owner: o, data: { id, orderId: 'ord-furosemide', drug: 'furosemide', at, taken: true } };
  return { id, type, owner: o, data: { id, text: 'ankles a little puffy', at } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function freshVault(name: string): Promise<Vault> {
  return openVaultRepositories(name, { indexedDB: new IDBFactory(), IDBKeyRange, clock: fixedClock(Date.UTC(2026, 8, 29)) });
}

async function benchSize(n: number) {
  const inputs = Array.from({ length: n }, (_, i) => recordAt(i));
  const vault = await freshVault(`bench-${n}`);
  const [insertMs] = await time(() => vault.records.putMany(inputs));
  const raw = await vault.db.records.toArray();
  const baselineVault = await freshVault(`bench-raw-${n}`);
  const [rawMs] = await time(() => baselineVault.db.records.bulkAdd(raw));

  const queries: number[] = [];
  let rows = 0;
  for (let q = 0; q < 41; q++) {
    const [ms, read] = await time(() => vault.records.list('cabinet.readings', owner(q * 7)));
    queries.push(ms);
    rows = read.rows.length;
  }
  const scans: number[] = [];
  for (let q = 0; q < 3; q++) {
    const o = owner(q * 7);
    const [ms] = await time(() => vault.db.records.filter((r) => r.type === 'cabinet.readings' && r.owner === o).toArray());
    scans.push(ms);
  }
  console.log(`records ${n.toLocaleString('en')}: bulk insert (zod-validated) ${fmt(insertMs)} vs raw bulkAdd ${fmt(rawMs)} (×${(insertMs / rawMs).toFixed(2)})`);
  console.log(`  query by [type+owner] (${rows} rows): median ${fmt(median(queries))} vs full scan ${fmt(median(scans))} (×${(median(scans) / median(queries)).toFixed(0)} faster)`);
  return vault;
}

async function main() {
  const sizesArg = process.argv.indexOf('--sizes');
  const sizes = sizesArg > 0 ? process.argv[sizesArg + 1]!.split(',').map(Number) : [10_000, 100_000];
  console.log('Vault in Node on fake-indexeddb — indicative only; the required benchmark runs in Chromium.\n');

  const scryptMs = (await time(() => stretch('correct horse battery staple', freshKdf(OWASP_SCRYPT))))[0];
  const pbkdfMs = (await time(() => stretch('correct horse battery staple', freshKdf(OWASP_PBKDF2))))[0];
  console.log(`passphrase stretch: scrypt N=2^17 r=8 p=1 ${fmt(scryptMs)}; PBKDF2-SHA256 600k (WebCrypto) ${fmt(pbkdfMs)}\n`);

  let last: Vault | undefined;
  for (const n of sizes) last = await benchSize(n);

  const appends: number[] = [];
  for (let i = 0; i < 200; i++) {
    appends.push((await time(() => last!.receipts.append({ id: `rc-${i}`, runRef: `run-${i % 20}`, stepRef: `s-${i}`, schemaVersion: 1, body: { observation: 'committed', i } })))[0]);
  }
  console.log(`\nreceipt append: median ${fmt(median(appends))} over 200`);

  const [exportMs, exported] = await time(() => exportVault(last!, 'bench words'));
  const target = await freshVault('bench-import');
  const [importMs, imported] = await time(() => importVault(target, exported.file, 'bench words'));
  if (!imported.ok) throw new Error(imported.message);
  const total = Object.values(exported.counts).reduce((a, b) => a + b, 0);
  console.log(`export ${total.toLocaleString('en')} rows (${(exported.file.length / 1e6).toFixed(1)} MB): ${fmt(exportMs)}; import (staged, validated, replaced): ${fmt(importMs)} — each includes one scrypt stretch of ${fmt(scryptMs)}`);
}

await main();
