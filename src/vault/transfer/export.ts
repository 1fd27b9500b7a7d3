import type { KdfChoice } from '../keys/kdf';
import type { PassphraseSecrets } from '../keys/sealing';
import { checkRow, type CorruptRow } from '../rows';
import { VAULT_TABLES, type VaultTable } from '../schema';
import { TABLE_SCHEMAS } from '../table-schemas';
import type { Vault } from '../vault';
import { sealVaultFile } from './file-format';
import { encodeRow } from './table-codec';

export type VaultExport = {
  /** The encrypted file's text (UTF-8 JSON). */
  file: string;
  /** Rows written per table. */
  counts: Record<VaultTable, number>;
  /** Damaged rows left out of the file, each named in words (the export still completes). */
  corrupt: CorruptRow[];
};

/**
 * Exports the whole vault as one encrypted file (DESIGN §5): every table read in one transaction (a consistent
 * snapshot), every row validated, keys still sealed inside, the whole sealed again under the export passphrase.
 */
export async function exportVault(
  vault: Vault,
  passphrase: string,
  /** `secrets`: the key this passphrase stretched to open the file being saved again (no second stretch). */
  options: { kdf?: KdfChoice; secrets?: PassphraseSecrets } = {},
): Promise<VaultExport> {
  const { db } = vault;
  const raws = await db.transaction(
    'r',
    VAULT_TABLES.map((table) => db.table(table)),
    () => Promise.all(VAULT_TABLES.map((table) => db.table(table).toArray())),
  );
  const tables: Record<string, unknown[]> = {};
  const counts = {} as Record<VaultTable, number>;
  const corrupt: CorruptRow[] = [];
  VAULT_TABLES.forEach((table, i) => {
    const rows: unknown[] = [];
    for (const raw of raws[i]!) {
      const checked = checkRow(table, TABLE_SCHEMAS[table], raw);
      if (checked.ok) rows.push(encodeRow(table, checked.row));
      else corrupt.push(checked.corrupt);
    }
    tables[table] = rows;
    counts[table] = rows.length;
  });
  const file = await sealVaultFile({ schemaVersion: db.verno, tables }, passphrase, {
    now: vault.clock.now(),
    ...(options.kdf === undefined ? {} : { kdf: options.kdf }),
    ...(options.secrets === undefined ? {} : { secrets: options.secrets }),
  });
  return { file, counts, corrupt };
}
