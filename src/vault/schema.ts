/**
 * The vault's Dexie schema, every version kept (DESIGN §5, STYLE rule 7). Versions are append-only: a new version
 * adds a `VAULT_VERSIONS` entry (and an upgrade function when rows must change); no earlier entry is ever edited,
 * so a vault written by any earlier release opens. src/vault/migrations.test.ts migrates a fixture of each version.
 *
 * Index syntax (Dexie): first entry is the primary key; `&` unique, `*` multi-entry, `[a+b]` compound.
 */
export type VaultVersion = {
  version: number;
  stores: Record<string, string>;
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
];

export const VAULT_TABLES = Object.keys(VAULT_VERSIONS[0]!.stores);
export const LATEST_VAULT_VERSION = VAULT_VERSIONS[VAULT_VERSIONS.length - 1]!.version;
