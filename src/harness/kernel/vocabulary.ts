import type { Hex } from 'viem';

/**
 * The words every port and stage shares: addresses, the vault's records and reads. Types only, imported by the
 * ports (./ports.ts) and by any stage, so no stage needs the ports to name a record.
 */
export type Address = `0x${string}`;

// ───────────────────────────── the vault ─────────────────────────────

export type AgentInfo = {
  address: Address;
  kind: 'person' | 'organization';
  name: string;
  /** Whose Smart Agents steward this agent; a person's own agent lists the person. */
  stewards: readonly Address[];
};

/** The custodian's archetype assignment (ap.archetype-assignment.v1), pinned to a version and digest. */
export type ArchetypeAssignment = {
  agent: Address;
  archetypeId: string;
  archetypeVersion: string;
  definitionDigest: Hex;
  assignedBy: Address;
  assignedAt: number;
};

/** Someone the asker's tier knows by name: a contact, an organization, a member of an organization they steward. */
export type Party = {
  address: Address;
  label: string;
  aliases: readonly string[];
  kind: 'person' | 'organization';
  via: 'self' | 'contact' | 'organization' | 'member' | 'agent';
};

/** Someone who holds roles for an organization (steward, treasurer, member) or a person (co-signer). */
export type Member = { member: Address; label: string; aliases: readonly string[]; roles: readonly string[] };
export type Affiliation = { organization: Address; label: string; roles: readonly string[] };

/** A record the person owns (DESIGN §5 `records`): contacts, memberships, memory, cabinet folders, … */
export type VaultRecord = {
  id: string;
  type: string;
  owner: Address;
  data: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
};

/** A choice the person confirmed, scoped to (word, capability, argument): evidence, never authority. */
export type Confirmation = {
  asker: Address;
  word: string;
  capability: string;
  argument: string;
  chosen: Address;
  label: string;
  at: number;
};

/** A cabinet grant the person holds towards an outside agent: which folders, and the signed delegation as it travels. */
export type CabinetGrantHeld = { hash: Hex; folders: readonly string[]; grant: Record<string, unknown> };

/**
 * A row the vault holds but could not read (it no longer fits the vault's schema: a disk fault, a bad upgrade, a hand
 * at the devtools). It is left out of what a read returns and never acted on, but it is named, so an answer can say
 * that something is missing rather than leave it out silently; the Home's vault browser names it in words.
 */
export type DamagedRow = { table: string; id: string };

/** A list read that says what it had to leave out. */
export type ListRead<T> = { rows: T[]; damaged: DamagedRow[] };

/** A document kept beside a run: its PROV-O export, or an artifact offloaded from a large result. */
export type ProvenanceDoc = {
  id: string;
  runRef: string;
  kind: 'run.provenance' | 'run.artifact' | 'run.record';
  body: unknown;
  at: number;
  expiresAt: number;
};
