import { VaultDb } from '../db';
import { bytesToHex, randomBytes } from '../keys/bytes';
import { refuse, type Refusal } from '../outcome';
import { LATEST_VAULT_VERSION, VAULT_VERSIONS, type VaultTable } from '../schema';
import { decodeRow } from './table-codec';

type Staged = { ok: true; tables: Partial<Record<VaultTable, unknown[]>> } | Refusal<'VAULT_FILE_INVALID_ROWS'>;

const tablesAt = (version: number) =>
  new Set(VAULT_VERSIONS.filter((v) => v.version <= version).flatMap((v) => Object.keys(v.stores)));

/**
 * Loads a file's rows into a throw-away database at the file's schema version, opens it at the latest version
 * (running every upgrade since), and reads the migrated rows back. The live vault is never opened for writing here.
 * A file already at the latest version has nothing to migrate: its rows are decoded and returned without the
 * staging round trip, which would write every row twice (the 100k-record import took 33–52 s, half of it here).
 * The importer's row schemas and its single replacing transaction still guard it.
 */
export async function stageRows(
  live: VaultDb,
  schemaVersion: number,
  tables: Record<string, unknown[]>,
): Promise<Staged> {
  const known = tablesAt(schemaVersion);
  const unknown = Object.keys(tables).filter((table) => !known.has(table));
  if (unknown.length > 0)
    return refuse(
      'VAULT_FILE_INVALID_ROWS',
      `The file names tables this vault never had (${unknown.slice(0, 3).join(', ')}); nothing was changed.`,
    );

  if (schemaVersion === LATEST_VAULT_VERSION) {
    return {
      ok: true,
      tables: Object.fromEntries(
        Object.entries(tables).map(([table, rows]) => [table, rows.map((row) => decodeRow(table, row))]),
      ),
    };
  }

  // Same IndexedDB as the live vault (the real one in the browser, fake-indexeddb in Node), another database name.
  const deps = {
    ...(live._options.indexedDB === undefined ? {} : { indexedDB: live._options.indexedDB }),
    ...(live._options.IDBKeyRange === undefined ? {} : { IDBKeyRange: live._options.IDBKeyRange }),
  };
  const name = `${live.name}~import-${bytesToHex(randomBytes(8)).slice(2)}`;
  const old = new VaultDb(name, { ...deps, upToVersion: schemaVersion });
  let latest: VaultDb | undefined;
  try {
    await old.open();
    await old.transaction(
      'rw',
      [...known].map((table) => old.table(table)),
      async () => {
        for (const [table, rows] of Object.entries(tables))
          await old.table(table).bulkAdd(rows.map((row) => decodeRow(table, row)));
      },
    );
    old.close();
    latest = new VaultDb(name, deps);
    await latest.open();
    const db = latest;
    const migrated = await db.transaction('r', db.tables, () =>
      Promise.all(db.tables.map(async (table) => [table.name, await table.toArray()] as const)),
    );
    return { ok: true, tables: Object.fromEntries(migrated) };
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'unreadable rows';
    return refuse('VAULT_FILE_INVALID_ROWS', `The file's rows could not be loaded (${why}); nothing was changed.`);
  } finally {
    old.close();
    latest?.close();
    await new VaultDb(name, deps).delete();
  }
}
