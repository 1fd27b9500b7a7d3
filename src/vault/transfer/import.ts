import { refuse, type Refusal } from '../outcome';
import { checkRow } from '../rows';
import { LATEST_VAULT_VERSION, VAULT_TABLES, type VaultTable } from '../schema';
import { TABLE_SCHEMAS } from '../table-schemas';
import type { Vault } from '../vault';
import type { PassphraseSecrets } from '../keys/sealing';
import { openVaultFile, type VaultFileRefusal } from './file-format';
import { stageRows } from './staging';

export type ImportRefusal = VaultFileRefusal | Refusal<'VAULT_FILE_TOO_NEW' | 'VAULT_FILE_INVALID_ROWS'>;
export type VaultImport = { ok: true; counts: Record<VaultTable, number>; migratedFrom: number | undefined };

/**
 * Replaces the whole vault with an exported file (DESIGN §5). Nothing touches the current vault until the file
 * has opened, its rows have been loaded into a staging database at the file's schema version, migrated there by
 * the same upgrade functions a real vault runs, and every row has validated. Then one transaction replaces every
 * table. Any refusal — wrong passphrase, tampering, a newer version, a bad row — leaves the vault as it was.
 * The caller locks the keyring afterwards: the keys it holds in session belong to the replaced vault.
 */
export async function importVault(
  vault: Vault,
  text: string,
  passphrase: string,
  /** Given the key the passphrase stretched to open the file, for a save of the same file to seal under again. */
  keepSecrets?: (secrets: PassphraseSecrets) => void,
): Promise<VaultImport | ImportRefusal> {
  const opened = await openVaultFile(text, passphrase);
  if (!opened.ok) return opened;
  const { schemaVersion, tables } = opened.contents;
  if (schemaVersion > LATEST_VAULT_VERSION) {
    return refuse(
      'VAULT_FILE_TOO_NEW',
      `This file was written by a newer Home Agent (vault version ${schemaVersion}); update before importing it. Nothing was changed.`,
    );
  }
  const staged = await stageRows(vault.db, schemaVersion, tables);
  if (!staged.ok) return staged;

  const rows = {} as Record<VaultTable, unknown[]>;
  const problems: string[] = [];
  for (const table of VAULT_TABLES) {
    rows[table] = [];
    for (const raw of staged.tables[table] ?? []) {
      const checked = checkRow(table, TABLE_SCHEMAS[table], raw);
      if (checked.ok) rows[table].push(checked.row);
      else problems.push(checked.corrupt.message);
    }
  }
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    return refuse(
      'VAULT_FILE_INVALID_ROWS',
      `The file holds rows this vault cannot accept, so nothing was changed: ${problems.slice(0, 3).join(' ')}${more}`,
    );
  }

  // One transaction: if any row is refused by the database itself (two rows with one key), it aborts and the
  // clears are rolled back with it, so the current vault is exactly as it was.
  const { db } = vault;
  try {
    await db.transaction(
      'rw',
      VAULT_TABLES.map((table) => db.table(table)),
      async () => {
        for (const table of VAULT_TABLES) {
          await db.table(table).clear();
          await db.table(table).bulkAdd(rows[table]);
        }
      },
    );
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 200) : 'the database refused a row';
    return refuse('VAULT_FILE_INVALID_ROWS', `The file's rows could not be stored (${why}); nothing was changed.`);
  }
  keepSecrets?.(opened.secrets);
  const counts = Object.fromEntries(VAULT_TABLES.map((table) => [table, rows[table].length])) as Record<
    VaultTable,
    number
  >;
  return { ok: true, counts, migratedFrom: schemaVersion < LATEST_VAULT_VERSION ? schemaVersion : undefined };
}
