import type { Transaction } from 'dexie';
import { giveSpentNoncesAnExpiry, indexReceiptSubjectsAndExpireProvenance, renameModelSettings } from './upgrades';

export { LEGACY_NONCE_RETENTION_MS, LEGACY_PROVENANCE_RETENTION_MS } from './upgrades';

/**
 * The vault's Dexie schema, every version kept (DESIGN §5, STYLE rule 7). Versions are append-only: a new version
 * adds a `VAULT_VERSIONS` entry (and an upgrade function when rows must change); no earlier entry is ever edited,
 * so a vault written by any earlier release opens. src/vault/migrations.test.ts migrates a fixture of each version.
 *
 * Index syntax (Dexie): first entry is the primary key; `&` unique, `*` multi-entry, `[a+b]` compound. A later
 * version lists only the tables it changes; Dexie keeps the others as they were.
 */
export type VaultVersion = {
  version: number;
  stores: Record<string, string>;
  /** Rewrites rows written under the previous version; runs once, inside the upgrade transaction. */
  upgrade?: (tx: Transaction) => Promise<void>;
};

export const VAULT_VERSIONS: readonly VaultVersion[] = [
  {
    version: 1,
    stores: {
      // Agents this profile holds: the person's own, and organizations' agents the person stewards.
      agents: '&address, kind, ownerAddress',
      // Owner and harness keys, encrypted at rest (scrypt/PBKDF2 → AES-GCM); never plaintext.
      keys: '&id, address, purpose',
      // The person's records: contacts, organizations, memberships, memory, preferences, cabinet folders.
      records: '&id, [type+owner], type, owner, updatedAt',
      // Archetype assignments pinned to version + digest.
      playbooks: '&agent, archetypeId',
      // Signed mandates with their use counts.
      mandates: '&hash, delegate, delegator, capability, runRef, status',
      // Ask-as-me wires and cabinet grants, given and received.
      wires: '&hash, kind, direction, delegate, origin, status',
      // Caller-assertion nonces spent exactly once.
      spentNonces: '&nonce, spentAt',
      // Run checkpoints keyed by runRef, expiring.
      runs: '&runRef, addressee, asker, status, expiresAt',
      // Step receipts.
      receipts: '&id, runRef, [runRef+stepRef], createdAt',
      // Confirmation memory scoped to (word, capability, argument): evidence, never authority.
      confirmations: '&id, [word+capability+argument]',
      // PROV exports and artifacts per runRef.
      provenance: '&id, runRef, kind',
      // Key/value settings.
      settings: '&key',
      // The embedded chain's persisted state snapshot.
      chainState: '&id',
    },
  },
  {
    version: 2,
    stores: {
      // A spent nonce is kept until the assertion that carried it has expired (then a replay is refused as
      // expired anyway), so the sweep needs an index on that expiry.
      spentNonces: '&nonce, spentAt, expiresAt',
    },
    upgrade: giveSpentNoncesAnExpiry,
  },
  {
    version: 3,
    stores: {
      // "What did my agent do for X lately": a receipt names its subject (the binding's), newest first by index.
      receipts: '&id, runRef, [runRef+stepRef], createdAt, [subject+createdAt]',
      // Run records and artifacts are kept about a week (seed 001 step 11): the sweep needs their expiry.
      provenance: '&id, runRef, kind, expiresAt',
    },
    upgrade: indexReceiptSubjectsAndExpireProvenance,
  },
  {
    version: 4,
    // No index changes: the model settings move to names that say which tier they feed.
    stores: {},
    upgrade: renameModelSettings,
  },
  {
    version: 5,
    stores: {
      // Each agent's ask budget in its current window (seed 001 step 0.5), so a worker restart keeps what was spent.
      budgets: '&agent, windowStart',
    },
  },
  {
    version: 6,
    stores: {
      // The conversation a face showed, per session, one row per entry in order: found again when the panel reopens.
      conversations: '&id, session',
    },
  },
];

/** Every table of the vault (the union over all versions; no version has dropped a table). */
export const VAULT_TABLES = [...new Set(VAULT_VERSIONS.flatMap((v) => Object.keys(v.stores)))] as readonly VaultTable[];
export type VaultTable =
  | 'agents'
  | 'keys'
  | 'records'
  | 'playbooks'
  | 'mandates'
  | 'wires'
  | 'spentNonces'
  | 'runs'
  | 'receipts'
  | 'confirmations'
  | 'provenance'
  | 'settings'
  | 'chainState'
  | 'budgets'
  | 'conversations';
export const LATEST_VAULT_VERSION = VAULT_VERSIONS[VAULT_VERSIONS.length - 1]!.version;

/** The primary-key field of each table, from the latest spec that names it (the first index entry, `&` dropped). */
export const PRIMARY_KEY: Readonly<Record<VaultTable, string>> = Object.fromEntries(
  VAULT_TABLES.map((table) => {
    const spec = [...VAULT_VERSIONS].reverse().find((v) => v.stores[table] !== undefined)!.stores[table]!;
    return [
      table,
      spec
        .split(',')[0]!
        .trim()
        .replace(/^[&+*]+/, ''),
    ];
  }),
) as Record<VaultTable, string>;
