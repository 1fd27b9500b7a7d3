import type { Hex } from 'viem';
import type { IntentBinding, MandateCaveats, StepReceipt } from '../protocol/harness-reply';
import type { ModelPort } from './model-port';

/**
 * What the harness may ask of the world (DESIGN §6). The harness imports no browser API, no Dexie, no network:
 * every effect goes through one of these ports, implemented by src/adapters (the vault on Dexie, the wallet on the
 * embedded chain, the Anthropic model) and, for tests, by src/harness/testing (in-memory fakes shipped with it).
 *
 * Ports answer expected outcomes as values (`{ ok: false, code, reason }`) and throw only for I/O failures; the
 * harness treats a throw as "the world broke" and fails closed.
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

/** A choice the person confirmed, scoped to (word, capability, argument): evidence, never authority (spec 385). */
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

export interface VaultPort {
  agents: { get(address: Address): Promise<AgentInfo | null> };
  playbooks: { get(agent: Address): Promise<ArchetypeAssignment | null> };
  parties: {
    /**
     * Parties in the asker's tier whose label or one alias equals `word`, case-insensitive, never fuzzy
     * (DESIGN §10). The harness re-applies the same rule to what comes back.
     */
    named(asker: Address, word: string): Promise<Party[]>;
  };
  contacts: {
    list(owner: Address): Promise<Party[]>;
    /** The same list, with the damaged contact rows it left out (for an answer that lists them). */
    read(owner: Address): Promise<ListRead<Party>>;
  };
  memberships: {
    ofOrganization(organization: Address): Promise<Member[]>;
    ofPerson(person: Address): Promise<Affiliation[]>;
    /** ofOrganization, with the damaged membership rows it left out. */
    readOfOrganization(organization: Address): Promise<ListRead<Member>>;
    /** ofPerson, with the damaged membership rows naming the person that it left out. */
    readOfPerson(person: Address): Promise<ListRead<Affiliation>>;
  };
  records: {
    list(query: { type: string; owner: Address; limit: number }): Promise<VaultRecord[]>;
    /** The same list, with the damaged rows it left out (at most `limit` rows are looked at). */
    read(query: { type: string; owner: Address; limit: number }): Promise<ListRead<VaultRecord>>;
    get(id: string): Promise<VaultRecord | null>;
    /** Idempotent by id: writing the same id twice leaves one record. */
    put(record: VaultRecord): Promise<void>;
  };
  payments: {
    /** The person's marked default payer (a Smart Agent they hold), or null. */
    defaultPayer(person: Address): Promise<Address | null>;
    /** USDC amount (decimal string) above which a payment is high risk; null = the ontology's default. */
    highRiskThreshold(person: Address): Promise<string | null>;
  };
  roles: {
    /** Who holds `role` for `subject` (an approver set: a person's co-signers, an organization's treasurers). */
    holders(subject: Address, role: string): Promise<Address[]>;
  };
  runs: {
    /** The `state` last put for this runRef (null if none), as stored: the harness validates it. */
    get(runRef: string): Promise<unknown>;
    put(run: {
      runRef: string;
      addressee: Address;
      asker: Address;
      status: string;
      expiresAt: number;
      state: unknown;
    }): Promise<void>;
  };
  receipts: {
    put(receipt: StepReceipt): Promise<void>;
    ofRun(runRef: string): Promise<StepReceipt[]>;
    recent(query: { subject: Address; limit: number }): Promise<StepReceipt[]>;
    /** recent, with the damaged receipt rows it left out. */
    readRecent(query: { subject: Address; limit: number }): Promise<ListRead<StepReceipt>>;
  };
  confirmations: {
    find(query: { asker: Address; word: string; capability: string; argument: string }): Promise<Confirmation | null>;
    put(confirmation: Confirmation): Promise<void>;
  };
  nonces: {
    /** Spends a caller assertion's nonce: 'fresh' exactly once, 'replayed' ever after. Must be atomic. */
    spend(query: { nonce: string; scope: string; expiresAt: number }): Promise<'fresh' | 'replayed'>;
  };
  provenance: { put(doc: ProvenanceDoc): Promise<void>; get(id: string): Promise<ProvenanceDoc | null> };
  grants: {
    /**
     * The person's newest live cabinet grant to an outside agent (by its id, 'heartcoach'): the folders it may read
     * and the signed grant itself, as the gateway verifies it (DESIGN §10). null when the person has not connected it.
     */
    cabinet(query: { person: Address; agent: string }): Promise<CabinetGrantHeld | null>;
  };
  budget: {
    /** Charges the agent's budget; refused when spent (`resetsAt`: when its window ends; `allowance`: its size, when known). */
    charge(
      agent: Address,
      units: number,
    ): Promise<{ ok: true; remaining: number } | { ok: false; resetsAt: number; allowance?: number }>;
  };
}

// ───────────────────────────── authority (the wallet) ─────────────────────────────

export type MandateSummary = {
  hash: Hex;
  capability: string;
  delegator: Address;
  bindingDigest: Hex;
  issuedAt: number;
};

/** The wallet's verdict on a mandate: signature (ERC-1271 / ERC-6492), not revoked (disabledDelegations), calls left. */
export type MandateVerdict =
  | {
      ok: true;
      hash: Hex;
      delegator: Address;
      delegate: Address;
      capability: string;
      /** The binding recovered from what was signed; the harness compares it with the step's own. */
      binding: IntentBinding;
      bindingDigest: Hex;
      caveats: MandateCaveats;
      /** Seconds since the epoch, inside what was signed (fresh authorization, DESIGN §10). */
      issuedAt: number;
      callsUsed: number;
    }
  | { ok: false; code: string; reason: string };

/** What a signature over a harness digest is for: an app's caller assertion, or a second party's approval. */
export type SignaturePurpose = 'caller-assertion' | 'approval';

export type SignatureVerdict = { ok: true } | { ok: false; code: string; reason: string };

/** An ask-as-me wire, verified: signature by ERC-1271 and not revoked (DESIGN §3). */
export type WireVerdict =
  | {
      ok: true;
      hash: Hex;
      delegator: Address;
      delegate: Address;
      capability: string;
      origin: string;
      notBefore: number;
      notAfter: number;
    }
  | { ok: false; code: string; reason: string };

export interface AuthorityPort {
  /** The harness agent: the delegate of every mandate (DESIGN §2). */
  harnessAgent(): Promise<Address>;
  /** Mandates in the keyring from this delegator for this capability (newest first); the harness checks each. */
  mandatesFor(query: { delegator: Address; delegate: Address; capability: string }): Promise<MandateSummary[]>;
  /** Mandates held for a delegator, for the planner's "ALREADY granted" line. */
  held(delegator: Address): Promise<MandateSummary[]>;
  /**
   * Signature, revocation, window and calls: everything that needs keys or the chain. `now` in seconds. With
   * `binding` (the step's own), a mandate signed for another intent is refused, naming what differs.
   */
  verifyMandate(query: { hash: Hex; now: number; binding?: IntentBinding }): Promise<MandateVerdict>;
  /**
   * Counts one call of a mandate for one effect (the limited-calls caveat, DESIGN §10); atomic and idempotent per
   * effectKey, so a resumed step that already holds its call is not refused for the call it holds.
   */
  consumeCall(query: {
    hash: Hex;
    effectKey: Hex;
  }): Promise<{ ok: true; callsLeft: number } | { ok: false; code: string; reason: string }>;
  /**
   * A Smart Agent's (ERC-1271 / ERC-6492) or an app key's signature over a digest, for one purpose: what is signed
   * names the purpose, so a co-signer's approval can never pass as an app's caller assertion, or the reverse.
   */
  verifySignature(query: {
    signer: Address;
    digest: Hex;
    signature: Hex;
    purpose: SignaturePurpose;
  }): Promise<SignatureVerdict>;
  verifyWire(query: { hash: Hex; now: number }): Promise<WireVerdict>;
}

// ───────────────────────────── the chain ─────────────────────────────

export type ReconcileResult =
  { kind: 'found'; txHash: Hex; blockNumber: number } | { kind: 'absent' } | { kind: 'indeterminate'; reason: string };

export type RedeemOutcome =
  | { txHash: Hex; blockNumber: number; status: 'success' | 'reverted' }
  | { status: 'refused'; code: string; reason: string };

export interface ChainPort {
  balanceOf(query: { token: 'usdc'; holder: Address }): Promise<{ amount: string; decimals: number }>;
  /**
   * Redeems the mandate through the DelegationManager: the caveats are enforced on chain. `refused`: the chain would
   * not accept it (simulated first: revoked, over the amount, not enough funds) or no key could sign, so nothing was sent.
   */
  redeemTransfer(query: {
    mandateHash: Hex;
    token: 'usdc';
    to: Address;
    amount: string;
    effectKey: Hex;
  }): Promise<RedeemOutcome>;
  /** Did this exact effect already happen? By the recorded tx hash, else by the mandate's redemption on chain. */
  reconcile(query: { effectKey: Hex; mandateHash: Hex; txHash?: Hex }): Promise<ReconcileResult>;
}

// ───────────────────────────── outside agents, effects, time, ids, trace ─────────────────────────────

export type RemoteAnswer =
  | { kind: 'answer'; agent: string; cardDigest: Hex; text: string; data?: Record<string, unknown> }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unavailable'; reason: string };

export interface RemoteAgentPort {
  /** One A2A message to an outside agent; the adapter enforces `timeoutMs` and pins the card digest. */
  send(query: {
    agent: string;
    capability: string;
    text: string;
    asker: Address;
    data?: Record<string, unknown>;
    timeoutMs: number;
  }): Promise<RemoteAnswer>;
}

export type DeclaredEffect = {
  effect: string;
  runRef: string;
  stepRef: string;
  toolId: string;
  receiptId: string;
  subject: Address;
};
export interface EffectSinkPort {
  emit(effect: DeclaredEffect): Promise<void>;
}

export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface IdPort {
  /** A fresh, unguessable id for a run, a receipt, … (the adapter uses crypto.randomUUID). */
  next(kind: 'run' | 'receipt' | 'artifact'): string;
}

export type AuditEvent = {
  type: string;
  runRef: string;
  stepRef?: string;
  at: number;
  detail?: Record<string, unknown>;
};
export interface TracePort {
  event(event: AuditEvent): void;
}

/** Every port the harness uses. `model: null` means no model is configured: compiled shapes and the rule-based planner. */
export type Ports = {
  model: ModelPort | null;
  vault: VaultPort;
  authority: AuthorityPort;
  chain: ChainPort;
  agents: RemoteAgentPort;
  effects: EffectSinkPort;
  clock: ClockPort;
  ids: IdPort;
  trace: TracePort;
};
