import Dexie, { type Table } from 'dexie';
import { HomeError } from '../protocol/errors';
import { LATEST_VAULT_VERSION, VAULT_VERSIONS } from './schema';

/** A row as IndexedDB holds it: untrusted until a repository's zod schema has read it. */
export type RawRow = Record<string, unknown>;

export type VaultDbOptions = ConstructorParameters<typeof Dexie>[1] & {
  /** Declare only versions up to this one (tests write fixtures of old versions; import stages old files). */
  upToVersion?: number;
};

/**
 * The person's vault: one Dexie database per browser profile (DESIGN §5). Tables hold raw rows; the repositories
 * in src/vault/repositories own each aggregate's row shape and validate it with zod on the way in and out.
 */
export class VaultDb extends Dexie {
  /** The newest schema version this instance declares. */
  readonly declaredVersion: number;

  declare agents: Table<RawRow, string>;
  declare keys: Table<RawRow, string>;
  declare records: Table<RawRow, string>;
  declare playbooks: Table<RawRow, string>;
  declare mandates: Table<RawRow, string>;
  declare wires: Table<RawRow, string>;
  declare spentNonces: Table<RawRow, string>;
  declare runs: Table<RawRow, string>;
  declare receipts: Table<RawRow, string>;
  declare confirmations: Table<RawRow, string>;
  declare provenance: Table<RawRow, string>;
  declare settings: Table<RawRow, string>;
  declare chainState: Table<RawRow, string>;
  declare budgets: Table<RawRow, string>;
  declare conversations: Table<RawRow, string>;

  constructor(name = 'home-agent-vault', options: VaultDbOptions = {}) {
    const { upToVersion = LATEST_VAULT_VERSION, ...dexieOptions } = options;
    super(name, dexieOptions);
    this.declaredVersion = Math.min(upToVersion, LATEST_VAULT_VERSION);
    for (const { version, stores, upgrade } of VAULT_VERSIONS) {
      if (version > upToVersion) break;
      const declared = this.version(version).stores(stores);
      if (upgrade !== undefined) declared.upgrade(upgrade);
    }
  }
}

/**
 * Opens (and creates or migrates) the vault. In Node, import 'fake-indexeddb/auto' first. A vault written by a
 * newer release than this one is refused in words rather than opened half-understood.
 */
export async function openVault(name?: string, options?: VaultDbOptions): Promise<VaultDb> {
  const db = new VaultDb(name, options);
  const tooNew = (cause?: unknown) =>
    new HomeError(
      'VAULT_TOO_NEW',
      'This vault was written by a newer Home Agent; update before opening it.',
      cause === undefined ? {} : { cause },
    );
  try {
    await db.open();
  } catch (error) {
    if (error instanceof Dexie.VersionError) throw tooNew(error);
    throw error;
  }
  // Dexie 4 opens a newer database without complaint (it stores version × 10); reading rows whose shape a later
  // release changed would be guessing, so refuse instead.
  if (db.backendDB().version / 10 > db.declaredVersion) {
    db.close();
    throw tooNew();
  }
  return db;
}
