import { describe, expect, it } from 'vitest';
import { createKeyring } from './keys/keyring';
import { memorySessionKeyStore } from './keys/session-keys';
import { V1_FIXTURE, V1_FIXTURE_PASSPHRASE } from './fixtures/v1';
import { V2_FIXTURE } from './fixtures/v2';
import { V3_FIXTURE } from './fixtures/v3';
import { V4_FIXTURE } from './fixtures/v4';
import { V5_FIXTURE } from './fixtures/v5';
import { V6_FIXTURE } from './fixtures/v6';
import {
  LATEST_VAULT_VERSION,
  LEGACY_NONCE_RETENTION_MS,
  LEGACY_PROVENANCE_RETENTION_MS,
  VAULT_TABLES,
  VAULT_VERSIONS,
} from './schema';
import { openTestVault } from './testing/open';

/** One frozen fixture per schema version; adding a version without its fixture fails the first test. */
const FIXTURES: Record<number, Record<string, Record<string, unknown>[]>> = {
  1: V1_FIXTURE,
  2: V2_FIXTURE,
  3: V3_FIXTURE,
  4: V4_FIXTURE,
  5: V5_FIXTURE,
  6: V6_FIXTURE,
};
/** The tables a vault had at a version (a later version may add one; none drops one). */
const tablesAt = (version: number) =>
  VAULT_TABLES.filter((table) => VAULT_VERSIONS.some((v) => v.version <= version && v.stores[table] !== undefined));
const alice = '0x0000000000000000000000000000000000a11ce0';

async function vaultWrittenAt(version: number) {
  const old = await openTestVault({ upToVersion: version, name: `migrate-from-v${version}` });
  expect(old.db.verno).toBe(version);
  await old.db.transaction('rw', old.db.tables, async () => {
    for (const [table, rows] of Object.entries(FIXTURES[version]!)) await old.db.table(table).bulkAdd(rows);
  });
  old.db.close();
  return openTestVault({ factory: old.factory, name: old.name });
}

describe('vault migrations', () => {
  it('has a frozen fixture for every schema version, covering every table', () => {
    expect(Object.keys(FIXTURES).map(Number)).toEqual(VAULT_VERSIONS.map((v) => v.version));
    for (const [version, fixture] of Object.entries(FIXTURES)) {
      for (const table of tablesAt(Number(version)))
        expect(fixture[table]?.length ?? 0, `${table} at v${version}`).toBeGreaterThan(0);
    }
  });

  it.each(VAULT_VERSIONS.map((v) => v.version))(
    'opens a vault written at version %i with the latest release, every row intact',
    async (version) => {
      const vault = await vaultWrittenAt(version);
      expect(vault.db.verno).toBe(LATEST_VAULT_VERSION);
      expect(await vault.check()).toEqual([]);
      for (const table of VAULT_TABLES)
        expect(await vault.db.table(table).count(), table).toBe(FIXTURES[version]![table]?.length ?? 0);
      expect((await vault.records.list('contact', alice)).rows[0]?.data.label).toBe('Bob Mensah');
      expect(
        await vault.confirmations.recall({
          asker: alice,
          word: 'Thompson',
          capability: 'organization.membership.invite',
          argument: 'organization',
        }),
      ).toMatchObject({
        choice: { address: '0x00000000000000000000000000000000000111e5' },
      });
      expect((await vault.provenance.byRun('run-1', 'run.provenance')).rows.map((p) => p.id)).toEqual(['prov-run-1']);
      expect(await vault.mandates.get(`0x${'1'.padStart(64, '0')}`)).toMatchObject({ uses: 0, status: 'active' });
      expect(await vault.settings.get('lock.autoLockMinutes')).toBe(10);
      expect(await vault.chainState().load()).toEqual(new Uint8Array([0xc0, 0xff, 0xee]));
      const keyring = createKeyring({ keys: vault.keys, session: memorySessionKeyStore(), clock: vault.clock });
      expect((await keyring.unlock(V1_FIXTURE_PASSPHRASE)).ok).toBe(true);
    },
  );

  it('gives version 1 nonces an expiry a day after they were spent, so a sweep cannot reopen a live one', async () => {
    const vault = await vaultWrittenAt(1);
    const row = await vault.db.spentNonces.get('0x00000000000000000000000000000000000c0ac4/n-1');
    expect(row).toMatchObject({ spentAt: 1_790_683_080_000, expiresAt: 1_790_683_080_000 + LEGACY_NONCE_RETENTION_MS });
    expect(await vault.nonces.isSpent('0x00000000000000000000000000000000000c0ac4', 'n-1')).toBe(true);
  });

  it('renames version 1–2 provenance kinds and gives them a week; gives version 2 receipts the subject of their binding', async () => {
    const vault = await vaultWrittenAt(2);
    expect(await vault.provenance.get('prov-run-1')).toMatchObject({
      kind: 'run.provenance',
      expiresAt: 1_790_683_080_000 + LEGACY_PROVENANCE_RETENTION_MS,
    });
    const old = await openTestVault({ upToVersion: 2, name: 'receipt-subjects' });
    await old.db.receipts.add({
      id: 'rc-b',
      runRef: 'r',
      stepRef: 's',
      schemaVersion: 1,
      createdAt: 5,
      body: { binding: { subject: alice.toUpperCase().replace('0X', '0x') } },
    });
    old.db.close();
    const upgraded = await openTestVault({ factory: old.factory, name: old.name });
    expect((await upgraded.receipts.recent({ subject: alice, limit: 5 })).rows.map((r) => r.id)).toEqual(['rc-b']);
  });

  it('carries version 1–3 model settings over to the names that say which tier they feed', async () => {
    const old = await openTestVault({ upToVersion: 3, name: 'model-settings' });
    await old.db.settings.bulkAdd([
      { key: 'model.plannerModel', value: 'claude-opus-4-5', updatedAt: 5 },
      { key: 'model.judgeModel', value: 'claude-haiku-4-5-20251001', updatedAt: 5 },
    ]);
    old.db.close();
    const vault = await openTestVault({ factory: old.factory, name: old.name });
    expect(await vault.settings.get('model.composeModel')).toBe('claude-opus-4-5');
    expect(await vault.settings.get('model.lightModel')).toBe('claude-haiku-4-5-20251001');
    expect(await vault.settings.get('model.judgeProfile')).toBe('fast');
    expect(await vault.db.settings.get('model.plannerModel')).toBeUndefined();
    expect(await vault.db.settings.get('model.judgeModel')).toBeUndefined();
    expect(await vault.check()).toEqual([]);
  });

  it('keeps each agent’s spent budget from version 5 on, in its window', async () => {
    const vault = await vaultWrittenAt(5);
    expect(await vault.settings.get('budget.asksPerDay')).toBe(40);
    expect(await vault.budgets.get(alice)).toMatchObject({ spent: 3, windowMs: 86_400_000 });
  });

  it('keeps the side panel’s conversation from version 6 on, in order, until cleared', async () => {
    const vault = await vaultWrittenAt(6);
    expect((await vault.conversations.list('sidepanel:own')).rows.map((r) => r.entry)).toEqual([
      { from: 'you', words: 'Who are my contacts?' },
    ]);
    await vault.conversations.add('sidepanel:own', { from: 'stopped' });
    expect((await vault.conversations.list('sidepanel:own')).rows.map((r) => r.seq)).toEqual([0, 1]);
    expect(await vault.conversations.clear('sidepanel:own')).toBe(2);
    expect((await vault.conversations.list('sidepanel:own')).rows).toEqual([]);
  });

  it('keeps a damaged version 1 nonce spent for ever (fail closed)', async () => {
    const old = await openTestVault({ upToVersion: 1, name: 'damaged-nonce' });
    await old.db.spentNonces.add({ nonce: 'x/n', spentAt: 'yesterday' });
    old.db.close();
    const vault = await openTestVault({ factory: old.factory, name: old.name });
    expect((await vault.db.spentNonces.get('x/n'))?.expiresAt).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a vault written by a newer release in words', async () => {
    const newer = await openTestVault({ name: 'from-the-future' });
    newer.db.close();
    await expect(
      openTestVault({ factory: newer.factory, name: newer.name, upToVersion: LATEST_VAULT_VERSION - 1 }),
    ).rejects.toMatchObject({
      code: 'VAULT_TOO_NEW',
      message: 'This vault was written by a newer Home Agent; update before opening it.',
    });
  });
});
