import Dexie, { type Table } from 'dexie';
import { VAULT_VERSIONS } from './schema';

/** A row of the settings table: a key and any JSON value. */
export type SettingRow = { key: string; value: unknown; updatedAt: number };

/**
 * The person's vault: one Dexie database per browser profile (DESIGN §5). Tables are typed loosely here; the
 * repositories in src/vault/ own each aggregate's row shape and validate it with zod.
 */
export class VaultDb extends Dexie {
  settings!: Table<SettingRow, string>;
  declare agents: Table<Record<string, unknown>, string>;
  declare keys: Table<Record<string, unknown>, string>;
  declare records: Table<Record<string, unknown>, string>;
  declare playbooks: Table<Record<string, unknown>, string>;
  declare mandates: Table<Record<string, unknown>, string>;
  declare wires: Table<Record<string, unknown>, string>;
  declare spentNonces: Table<Record<string, unknown>, string>;
  declare runs: Table<Record<string, unknown>, string>;
  declare receipts: Table<Record<string, unknown>, string>;
  declare confirmations: Table<Record<string, unknown>, string>;
  declare provenance: Table<Record<string, unknown>, string>;
  declare chainState: Table<Record<string, unknown>, string>;

  constructor(name = 'home-agent-vault', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    for (const { version, stores } of VAULT_VERSIONS) this.version(version).stores(stores);
  }
}

/** Opens (and creates or migrates) the vault. In Node, import 'fake-indexeddb/auto' first. */
export async function openVault(name?: string): Promise<VaultDb> {
  const db = new VaultDb(name);
  await db.open();
  return db;
}
