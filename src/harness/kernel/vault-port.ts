import type { StepReceipt } from '../../protocol/harness-reply';
import type {
  Address,
  AgentInfo,
  ArchetypeAssignment,
  CabinetGrantHeld,
  Confirmation,
  ListRead,
  Member,
  Affiliation,
  Party,
  ProvenanceDoc,
  VaultRecord,
} from './vocabulary';

/** The vault as the harness may ask of it (./ports.ts): the person's records, runs, receipts and grants. */
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
    /**
     * The folders of the person's live cabinet grants to the app at `origin` (an ask-as-me wire signed before read
     * scopes reads only these). Absent: none.
     */
    foldersAt?(query: { person: Address; origin: string }): Promise<readonly string[]>;
  };
  budget: {
    /** Charges the agent's budget; refused when spent (`resetsAt`: when its window ends; `allowance`: its size, when known). */
    charge(
      agent: Address,
      units: number,
    ): Promise<{ ok: true; remaining: number } | { ok: false; resetsAt: number; allowance?: number }>;
  };
}
