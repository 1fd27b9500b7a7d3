/**
 * The vault in Node, INDICATIVE ONLY (`npm run bench -- vault-node`): fake-indexeddb is IndexedDB's algorithm in
 * JavaScript, not Chromium's store; the required vault benchmark runs in Chromium against the built extension.
 * Each figure has a baseline from the same run: the [type+owner] query against a full scan, the zod-validated bulk
 * insert against a raw bulkAdd of the same rows, export/import against one passphrase stretch.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { fixedClock } from '../src/vault/clock';
import { freshKdf, OWASP_PBKDF2, OWASP_SCRYPT, stretch } from '../src/vault/keys/kdf';
import type { RecordInput } from '../src/vault/records/record';
import { exportVault } from '../src/vault/transfer/export';
import { importVault } from '../src/vault/transfer/import';
import { openVaultRepositories, type Vault } from '../src/vault/vault';
import { measure, median, type BenchRow, type BenchSuite } from './run';

const TYPES = ['contact', 'memory', 'cabinet.readings', 'cabinet.doses', 'cabinet.symptoms'] as const;
const OWNERS = 100;
const owner = (i: number) => `0x${(i % OWNERS).toString(16).padStart(40, '0')}`;

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

const vaultNamed = (name: string): Promise<Vault> =>
  openVaultRepositories(name, { indexedDB: new IDBFactory(), IDBKeyRange, clock: fixedClock(Date.UTC(2026, 8, 29)) });

async function once(work: () => Promise<unknown>): Promise<number> {
  return (await measure(work, 1, 0))[0]!;
}

async function records(n: number): Promise<{ rows: BenchRow[]; vault: Vault }> {
  const label = n >= 1000 ? `${n / 1000}k` : String(n);
  const vault = await vaultNamed(`bench-${n}`);
  const insert = await once(() => vault.records.putMany(Array.from({ length: n }, (_, i) => recordAt(i))));
  const raw = await vault.db.records.toArray();
  const baseline = await vaultNamed(`bench-raw-${n}`);
  const rawInsert = await once(() => baseline.db.records.bulkAdd(raw));
  let q = 0;
  const query = median(await measure(() => vault.records.list('cabinet.readings', owner((q++ * 7) % OWNERS)), 31));
  let r = 0;
  const raw2 = median(
    await measure(
      () =>
        vault.db.records
          .where('[type+owner]')
          .equals(['cabinet.readings', owner((r++ * 7) % OWNERS)])
          .toArray(),
      31,
    ),
  );
  const o = owner(7);
  const scan = median(
    await measure(() => vault.db.records.filter((r) => r.type === 'cabinet.readings' && r.owner === o).toArray(), 3, 0),
  );
  return {
    vault,
    rows: [
      {
        name: `query by [type+owner] at ${label} records (${n / 500} rows), median`,
        value: query,
        unit: 'ms',
        target: '≤ 10 ms in Chromium',
      },
      { name: `  full scan for the same rows ÷ indexed query`, value: scan / query, unit: 'x' },
      { name: `  indexed query ÷ the same read without zod validation`, value: query / raw2, unit: 'x' },
      { name: `bulk insert of ${label} records, zod-validated`, value: insert, unit: 'ms' },
      { name: `  validated ÷ raw bulkAdd of the same rows`, value: insert / rawInsert, unit: 'x' },
    ],
  };
}

export const suite: BenchSuite = {
  description: 'vault on fake-indexeddb in Node — indicative only; the required vault benchmark runs in Chromium',
  run: async () => {
    const rows: BenchRow[] = [];
    const scrypt = await once(() => stretch('correct horse battery staple', freshKdf(OWASP_SCRYPT)));
    const pbkdf2 = await once(() => stretch('correct horse battery staple', freshKdf(OWASP_PBKDF2)));
    rows.push({ name: 'passphrase stretch: scrypt N=2^17 r=8 p=1', value: scrypt, unit: 'ms' });
    rows.push({ name: 'passphrase stretch: PBKDF2-SHA256 600,000 (WebCrypto)', value: pbkdf2, unit: 'ms' });
    const small = await records(10_000);
    rows.push(...small.rows, ...(await records(100_000)).rows);
    let i = 0;
    const append = median(
      await measure(
        () =>
          small.vault.receipts.append({
            id: `rc-${i}`,
            runRef: `run-${i % 20}`,
            stepRef: `s-${i++}`,
            schemaVersion: 1,
            body: { observation: 'committed' },
          }),
        200,
      ),
    );
    rows.push({ name: 'receipt append, median', value: append, unit: 'ms' });
    let file = '';
    const exported = await once(async () => void (file = (await exportVault(small.vault, 'bench words')).file));
    const imported = await once(async () => {
      const outcome = await importVault(await vaultNamed('bench-import'), file, 'bench words');
      if (!outcome.ok) throw new Error(outcome.message);
    });
    rows.push({
      name: `export of 10k records (${(file.length / 1e6).toFixed(1)} MB), one scrypt stretch included`,
      value: exported,
      unit: 'ms',
    });
    rows.push({ name: '  export ÷ the stretch alone', value: exported / scrypt, unit: 'x' });
    rows.push({
      name: 'import of it (decrypted, validated, replaced; staged only when older)',
      value: imported,
      unit: 'ms',
    });
    rows.push({ name: '  import ÷ the stretch alone', value: imported / scrypt, unit: 'x' });
    return rows;
  },
};
