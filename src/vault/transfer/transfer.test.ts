import { describe, expect, it } from 'vitest';
import { V1_FIXTURE } from '../fixtures/v1';
import { bytesToBase64, base64ToBytes } from '../keys/bytes';
import { createKeyring } from '../keys/keyring';
import { memorySessionKeyStore } from '../keys/session-keys';
import { loadDemoVault } from '../demo/load';
import { LATEST_VAULT_VERSION, PRIMARY_KEY, VAULT_TABLES } from '../schema';
import { addr, hash, openTestVault, T0, TEST_KDF, type TestVault } from '../testing/open';
import { walletAddressOf } from '../testing/wallet-addresses';
import { exportVault } from './export';
import { sealVaultFile } from './file-format';
import { importVault } from './import';
import { encodeRow } from './table-codec';

/** Every table, every row, ordered by primary key: what "nothing lost" is compared on. */
async function dump(vault: TestVault) {
  const out: Record<string, unknown[]> = {};
  for (const table of VAULT_TABLES) out[table] = await vault.db.table(table).orderBy(PRIMARY_KEY[table]).toArray();
  return out;
}

/** A vault with rows in every table: the demo, keys, and one of each other aggregate. */
async function fullVault(): Promise<TestVault> {
  const vault = await openTestVault({ name: 'source' });
  await loadDemoVault(vault, {
    addressOf: walletAddressOf,
    now: T0,
    keys: { passphrase: 'key passphrase', kdf: TEST_KDF },
  });
  await vault.mandates.record({
    hash: hash(1),
    delegator: addr(1),
    delegate: addr(2),
    capability: 'payment.usdc.send',
    delegation: { salt: '1' },
    binding: { step: 's' },
    bindingDigest: hash(2),
    maxUses: 2,
  });
  await vault.mandates.use(hash(1));
  await vault.wires.record({
    kind: 'ask-as-me',
    capability: 'harness.ask',
    hash: hash(3),
    direction: 'given',
    delegator: addr(1),
    delegate: addr(3),
    origin: 'http://127.0.0.1:8787',
    expiresAt: T0 + 1e6,
    delegation: {},
  });
  await vault.nonces.spend({ scope: addr(3), nonce: 'n-1', expiresAt: T0 + 60_000 });
  await vault.runs.save({
    runRef: 'run-1',
    addressee: addr(1),
    asker: addr(1),
    status: 'awaiting-authority',
    checkpoint: { plan: [1, 2] },
    expiresAt: T0 + 1e6,
  });
  await vault.receipts.append({
    id: 'rc-1',
    runRef: 'run-1',
    stepRef: 's-1',
    subject: addr(1),
    schemaVersion: 1,
    body: { ok: true },
  });
  await vault.confirmations.remember({
    asker: addr(1),
    word: 'thompson',
    capability: 'organization.membership.invite',
    argument: 'organization',
    choice: { a: 1 },
    label: 'thompson',
  });
  await vault.provenance.put({
    id: 'prov-1',
    runRef: 'run-1',
    kind: 'run.provenance',
    mediaType: 'application/ld+json',
    body: { '@graph': [] },
    expiresAt: T0 + 1e6,
  });
  await vault.settings.set('lock.autoLockMinutes', 7);
  await vault.chainState().save(new Uint8Array(4096).map((_, i) => (i * 31) % 256));
  await vault.budgets.charge({ agent: addr(1), units: 2, allowance: 10, windowMs: 86_400_000 });
  await vault.conversations.add('sidepanel:own', { from: 'you', words: 'Who are my contacts?' });
  return vault;
}

const exported = async (vault: TestVault, passphrase = 'export words') =>
  (await exportVault(vault, passphrase, { kdf: TEST_KDF })).file;

describe('vault export and import', () => {
  it('round-trips every table and every row, deep-equal, into a fresh vault', async () => {
    const source = await fullVault();
    const { file, counts, corrupt } = await exportVault(source, 'export words', { kdf: TEST_KDF });
    expect(corrupt).toEqual([]);
    for (const table of VAULT_TABLES) expect(counts[table], table).toBeGreaterThan(0);
    expect(file).not.toContain('Alice Okoro');
    const target = await openTestVault({ name: 'target' });
    expect(await importVault(target, file, 'export words')).toEqual({ ok: true, counts, migratedFrom: undefined });
    expect(await dump(target)).toEqual(await dump(source));
    const keyring = createKeyring({ keys: target.keys, session: memorySessionKeyStore(), clock: target.clock });
    expect((await keyring.unlock('key passphrase')).ok).toBe(true); // keys travel still sealed under their own passphrase
  });

  it('saved again under the key that opened it: its salt kept, a fresh IV, and it still opens only with its words', async () => {
    const source = await fullVault();
    const { file } = await exportVault(source, 'export words', { kdf: TEST_KDF });
    const target = await openTestVault({ name: 'target' });
    let secrets: Parameters<NonNullable<Parameters<typeof importVault>[3]>>[0] | undefined;
    expect((await importVault(target, file, 'export words', (s) => (secrets = s))).ok).toBe(true);
    expect(secrets).toBeDefined();
    const again = await exportVault(target, 'export words', { secrets: secrets! });
    const [first, second] = [JSON.parse(file), JSON.parse(again.file)] as { kdf: { salt: string }; iv: string }[];
    expect(second!.kdf).toEqual(first!.kdf);
    expect(second!.iv).not.toBe(first!.iv);
    const third = await openTestVault({ name: 'third' });
    expect((await importVault(third, again.file, 'other words')).ok).toBe(false);
    expect((await importVault(third, again.file, 'export words')).ok).toBe(true);
    expect(await dump(third)).toEqual(await dump(source));
  });

  it('replaces the current contents entirely, and leaves no staging database behind', async () => {
    const source = await fullVault();
    const file = await exported(source);
    await source.records.put({
      id: 'memory-after-export',
      type: 'memory',
      owner: addr(1),
      data: { text: 'later', tags: [] },
    });
    expect((await importVault(source, file, 'export words')).ok).toBe(true);
    expect(await source.records.get('memory-after-export')).toBeUndefined();
    expect((await source.factory.databases()).map((d) => d.name)).toEqual(['source']);
  });

  describe('refusals leave the current vault untouched', () => {
    async function refusedWith(mutate: (file: string) => string, passphrase = 'export words') {
      const vault = await fullVault();
      const file = await exported(vault);
      await vault.records.put({ id: 'kept', type: 'memory', owner: addr(1), data: { text: 'still here', tags: [] } });
      const before = await dump(vault);
      const outcome = await importVault(vault, mutate(file), passphrase);
      expect(await dump(vault)).toEqual(before);
      expect((await vault.factory.databases()).map((d) => d.name)).toEqual(['source']);
      return outcome;
    }
    const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
      const json = JSON.parse(file) as Record<string, unknown>;
      change(json);
      return JSON.stringify(json);
    };

    it('a wrong passphrase', async () => {
      expect(await refusedWith((f) => f, 'Export words')).toEqual({
        ok: false,
        code: 'WRONG_PASSPHRASE',
        message: 'That passphrase does not open this vault file (or its header was altered); nothing was changed.',
      });
    });

    it('a byte flipped in the ciphertext', async () => {
      const outcome = await refusedWith((f) =>
        edit(f, (json) => {
          const bytes = base64ToBytes(json.ciphertext as string)!;
          bytes[100] = bytes[100]! ^ 0x01;
          json.ciphertext = bytesToBase64(bytes);
        }),
      );
      expect(outcome).toEqual({
        ok: false,
        code: 'VAULT_FILE_TAMPERED',
        message: 'The vault file was altered or damaged; nothing was changed.',
      });
    });

    it('an altered header: time, schema version, IV', async () => {
      expect(
        await refusedWith((f) => edit(f, (json) => void (json.exportedAt = (json.exportedAt as number) + 1))),
      ).toMatchObject({ code: 'VAULT_FILE_TAMPERED' });
      expect(await refusedWith((f) => edit(f, (json) => void (json.schemaVersion = 1)))).toMatchObject({
        code: 'VAULT_FILE_TAMPERED',
      });
      expect(await refusedWith((f) => edit(f, (json) => void (json.iv = `0x${'00'.repeat(12)}`)))).toMatchObject({
        code: 'VAULT_FILE_TAMPERED',
      });
      expect(await refusedWith((f) => edit(f, (json) => void (json.check = `0x${'00'.repeat(32)}`)))).toMatchObject({
        code: 'WRONG_PASSPHRASE',
      });
    });

    it('a truncated file, or a truncated ciphertext', async () => {
      expect(await refusedWith((f) => f.slice(0, Math.floor(f.length / 2)))).toMatchObject({
        code: 'VAULT_FILE_MALFORMED',
        message: expect.stringContaining('not JSON'),
      });
      expect(
        await refusedWith((f) =>
          edit(f, (json) => void (json.ciphertext = (json.ciphertext as string).slice(0, -400))),
        ),
      ).toMatchObject({ code: 'VAULT_FILE_TAMPERED' });
      expect(await refusedWith(() => '')).toMatchObject({ code: 'VAULT_FILE_MALFORMED' });
    });

    it('a file from a newer release', async () => {
      const future = await sealVaultFile({ schemaVersion: LATEST_VAULT_VERSION + 1, tables: {} }, 'export words', {
        kdf: TEST_KDF,
        now: T0,
      });
      expect(await refusedWith(() => future)).toMatchObject({ code: 'VAULT_FILE_TOO_NEW' });
    });

    it('a file whose rows do not validate, naming the row', async () => {
      const bad = await sealVaultFile(
        {
          schemaVersion: LATEST_VAULT_VERSION,
          tables: {
            records: [{ id: 'r-x', type: 'contact', owner: addr(1), data: { label: '' }, createdAt: 1, updatedAt: 1 }],
          },
        },
        'export words',
        { kdf: TEST_KDF, now: T0 },
      );
      expect(await refusedWith(() => bad)).toMatchObject({
        code: 'VAULT_FILE_INVALID_ROWS',
        message: expect.stringContaining('records row "r-x"'),
      });
      const twice = {
        id: 'r-twice',
        type: 'memory',
        owner: addr(1),
        data: { text: 'one key, two rows', tags: [] },
        createdAt: 1,
        updatedAt: 1,
      };
      const duplicated = await sealVaultFile(
        {
          schemaVersion: LATEST_VAULT_VERSION,
          tables: { records: [twice, { ...twice, data: { text: 'the other', tags: [] } }] },
        },
        'export words',
        { kdf: TEST_KDF, now: T0 },
      );
      expect(await refusedWith(() => duplicated)).toMatchObject({
        code: 'VAULT_FILE_INVALID_ROWS',
        message: expect.stringContaining('nothing was changed'),
      });
      const strange = await sealVaultFile(
        { schemaVersion: LATEST_VAULT_VERSION, tables: { secrets: [{}] } },
        'export words',
        { kdf: TEST_KDF, now: T0 },
      );
      expect(await refusedWith(() => strange)).toMatchObject({
        code: 'VAULT_FILE_INVALID_ROWS',
        message: expect.stringContaining('secrets'),
      });
    });
  });

  it('migrates a file exported at an older schema version', async () => {
    const tables = Object.fromEntries(
      Object.entries(V1_FIXTURE).map(([table, rows]) => [table, rows.map((row) => encodeRow(table as never, row))]),
    );
    const old = await sealVaultFile({ schemaVersion: 1, tables }, 'old words', { kdf: TEST_KDF, now: T0 });
    const vault = await openTestVault();
    const outcome = await importVault(vault, old, 'old words');
    expect(outcome).toMatchObject({ ok: true, migratedFrom: 1 });
    expect(await vault.check()).toEqual([]);
    expect((await vault.db.spentNonces.toArray())[0]).toMatchObject({ expiresAt: expect.any(Number) });
    expect(await vault.chainState().load()).toEqual(new Uint8Array([0xc0, 0xff, 0xee]));
  });

  it('exports the rows that validate and names the damaged ones it left out', async () => {
    const vault = await openTestVault();
    await vault.db.records.put({ id: 'broken', type: 'contact' });
    const { counts, corrupt } = await exportVault(vault, 'w', { kdf: TEST_KDF });
    expect(counts.records).toBe(0);
    expect(corrupt).toEqual([
      { table: 'records', id: 'broken', message: expect.stringContaining('records row "broken" is damaged') },
    ]);
  });
});
