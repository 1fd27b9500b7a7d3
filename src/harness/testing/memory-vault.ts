import { HomeError } from '../../protocol/errors';
import type { StepReceipt } from '../../protocol/harness-reply';
import type {
  Address,
  Affiliation,
  CabinetGrantHeld,
  AgentInfo,
  ArchetypeAssignment,
  Confirmation,
  DamagedRow,
  ListRead,
  Member,
  Party,
  ProvenanceDoc,
  VaultPort,
  VaultRecord,
} from '../kernel/ports';

/**
 * An in-memory VaultPort with the record shapes the Dexie vault keeps (DESIGN §5, src/vault/records/people.ts):
 * contacts, organizations, memberships with roles (a person's co-signer too) and the default payer are records by
 * type and owner. Everything stored is cloned, so the harness sees the same
 * serialisation boundary a real vault gives it (no shared references between a checkpoint and the live run).
 * A record or receipt marked damaged (`damage(id)`) stays stored but, as in the Dexie vault, is left out of every
 * read, named by the reads that say what they left out, and refused by `get`.
 */
const low = (a: string) => a.toLowerCase();
const clone = <T>(v: T): T => structuredClone(v);

export class MemoryVault implements VaultPort {
  readonly agentRows = new Map<string, AgentInfo>();
  readonly assignments = new Map<string, ArchetypeAssignment>();
  readonly recordRows = new Map<string, VaultRecord>();
  readonly runRows = new Map<string, unknown>();
  readonly receiptRows = new Map<string, StepReceipt>();
  readonly confirmationRows = new Map<string, Confirmation>();
  readonly nonceRows = new Map<string, number>();
  readonly provenanceRows = new Map<string, ProvenanceDoc>();
  readonly thresholds = new Map<string, string>();
  readonly budgets = new Map<string, number>();
  /** Ids of records and receipts whose rows no longer read (see `damage`). */
  readonly damagedIds = new Set<string>();

  private allOfType(type: string, owner?: string): VaultRecord[] {
    return [...this.recordRows.values()].filter(
      (r) => r.type === type && (owner === undefined || low(r.owner) === low(owner)),
    );
  }

  private byType(type: string, owner?: string): VaultRecord[] {
    return this.allOfType(type, owner).filter((r) => !this.damagedIds.has(r.id));
  }

  /** A read of one type: the readable records, and the damaged ones named by table and id. */
  private readType(
    type: string,
    owner: string | undefined,
    limit = Number.POSITIVE_INFINITY,
  ): { rows: VaultRecord[]; damaged: DamagedRow[] } {
    const looked = this.allOfType(type, owner).slice(0, limit);
    return {
      rows: looked.filter((r) => !this.damagedIds.has(r.id)),
      damaged: looked.filter((r) => this.damagedIds.has(r.id)).map((r) => ({ table: 'records', id: r.id })),
    };
  }

  agents = { get: async (address: Address) => clone(this.agentRows.get(low(address)) ?? null) };
  playbooks = { get: async (agent: Address) => clone(this.assignments.get(low(agent)) ?? null) };

  private contact(r: VaultRecord): Party {
    return {
      address: r.data.address as Address,
      label: String(r.data.label),
      aliases: (r.data.aliases as string[] | undefined) ?? [],
      kind: 'person',
      via: 'contact',
    };
  }

  contacts = {
    list: async (owner: Address): Promise<Party[]> => this.byType('contact', owner).map((r) => this.contact(r)),
    read: async (owner: Address): Promise<ListRead<Party>> => {
      const read = this.readType('contact', owner);
      return { rows: read.rows.map((r) => this.contact(r)), damaged: read.damaged };
    },
  };

  private member(r: VaultRecord): Member {
    return {
      member: r.data.member as Address,
      label: String(r.data.memberLabel),
      aliases: (r.data.memberAliases as string[]) ?? [],
      roles: (r.data.roles as string[]) ?? [],
    };
  }

  private affiliations(person: Address): ListRead<Affiliation> {
    const naming = this.allOfType('membership').filter((r) => low(String(r.data.member)) === low(person));
    return {
      rows: naming
        .filter((r) => !this.damagedIds.has(r.id) && this.agentRows.get(low(r.owner))?.kind === 'organization')
        .map((r) => ({
          organization: r.owner,
          label: this.agentRows.get(low(r.owner))?.name ?? r.owner,
          roles: (r.data.roles as string[]) ?? [],
        })),
      damaged: naming.filter((r) => this.damagedIds.has(r.id)).map((r) => ({ table: 'records', id: r.id })),
    };
  }

  memberships = {
    ofOrganization: async (organization: Address): Promise<Member[]> =>
      this.byType('membership', organization).map((r) => this.member(r)),
    ofPerson: async (person: Address): Promise<Affiliation[]> => this.affiliations(person).rows,
    readOfOrganization: async (organization: Address): Promise<ListRead<Member>> => {
      const read = this.readType('membership', organization);
      return { rows: read.rows.map((r) => this.member(r)), damaged: read.damaged };
    },
    readOfPerson: async (person: Address): Promise<ListRead<Affiliation>> => clone(this.affiliations(person)),
  };

  parties = {
    named: async (asker: Address, word: string): Promise<Party[]> => {
      const w = word.trim().toLowerCase();
      const all: Party[] = [...(await this.contacts.list(asker))];
      for (const r of this.byType('organization', asker)) {
        all.push({
          address: r.data.address as Address,
          label: String(r.data.label),
          aliases: (r.data.aliases as string[]) ?? [],
          kind: 'organization',
          via: 'organization',
        });
      }
      for (const agent of this.agentRows.values()) {
        if (agent.kind !== 'organization' || !agent.stewards.some((s) => low(s) === low(asker))) continue;
        for (const m of await this.memberships.ofOrganization(agent.address)) {
          all.push({ address: m.member, label: m.label, aliases: m.aliases, kind: 'person', via: 'member' });
        }
      }
      return clone(all.filter((p) => [p.label, ...p.aliases].some((n) => n.toLowerCase() === w)));
    },
  };

  records = {
    list: async (q: { type: string; owner: Address; limit: number }) =>
      clone(this.readType(q.type, q.owner, q.limit).rows),
    read: async (q: { type: string; owner: Address; limit: number }): Promise<ListRead<VaultRecord>> =>
      clone(this.readType(q.type, q.owner, q.limit)),
    get: async (id: string) => {
      if (this.damagedIds.has(id))
        throw new HomeError('VAULT_ROW_CORRUPT', `The vault's records row "${id}" is damaged.`, {
          details: { table: 'records', id },
        });
      return clone(this.recordRows.get(id) ?? null);
    },
    put: async (record: VaultRecord) =>
      void (this.damagedIds.delete(record.id), this.recordRows.set(record.id, clone(record))),
  };

  payments = {
    defaultPayer: async (person: Address) =>
      (this.byType('payer.default', person)[0]?.data.address as Address | undefined) ?? null,
    highRiskThreshold: async (person: Address) => this.thresholds.get(low(person)) ?? null,
  };

  roles = {
    holders: async (subject: Address, role: string): Promise<Address[]> => {
      return this.byType('membership', subject)
        .filter((r) => ((r.data.roles as string[]) ?? []).includes(role))
        .map((r) => r.data.member as Address);
    },
  };

  runs = {
    get: async (runRef: string) => clone(this.runRows.get(runRef) ?? null),
    put: async (run: { runRef: string; state: unknown }) => void this.runRows.set(run.runRef, clone(run.state)),
  };

  receipts = {
    put: async (r: StepReceipt) => void this.receiptRows.set(r.id, clone(r)),
    ofRun: async (runRef: string) =>
      clone(
        [...this.receiptRows.values()]
          .filter((r) => r.runRef === runRef && !this.damagedIds.has(r.id))
          .sort((a, b) => a.createdAt - b.createdAt || (a.stepRef < b.stepRef ? -1 : 1)),
      ),
    recent: async (q: { subject: Address; limit: number }) => (await this.receipts.readRecent(q)).rows,
    readRecent: async (q: { subject: Address; limit: number }): Promise<ListRead<StepReceipt>> => {
      const looked = [...this.receiptRows.values()]
        .filter((r) => low(r.binding.subject) === low(q.subject))
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, q.limit);
      return clone({
        rows: looked.filter((r) => !this.damagedIds.has(r.id)),
        damaged: looked.filter((r) => this.damagedIds.has(r.id)).map((r) => ({ table: 'receipts', id: r.id })),
      });
    },
  };

  confirmations = {
    find: async (q: { asker: Address; word: string; capability: string; argument: string }) =>
      clone(this.confirmationRows.get(`${low(q.asker)}|${q.word.toLowerCase()}|${q.capability}|${q.argument}`) ?? null),
    put: async (c: Confirmation) =>
      void this.confirmationRows.set(`${low(c.asker)}|${c.word.toLowerCase()}|${c.capability}|${c.argument}`, clone(c)),
  };

  nonces = {
    spend: async (q: { nonce: string; scope: string; expiresAt: number }): Promise<'fresh' | 'replayed'> => {
      const key = `${q.scope}|${q.nonce}`;
      if (this.nonceRows.has(key)) return 'replayed';
      this.nonceRows.set(key, q.expiresAt);
      return 'fresh';
    },
  };

  provenance = {
    put: async (doc: ProvenanceDoc) => void this.provenanceRows.set(doc.id, clone(doc)),
    get: async (id: string) => clone(this.provenanceRows.get(id) ?? null),
  };

  /** Cabinet grants by `<person>|<agent>` (the person's newest grant to that outside agent). */
  readonly cabinetGrants = new Map<string, CabinetGrantHeld>();
  /** The folders of the person's cabinet grants by `<person>|<origin>` (what an older ask-as-me wire reads). */
  readonly foldersGranted = new Map<string, string[]>();
  grants = {
    cabinet: async (q: { person: Address; agent: string }) =>
      clone(this.cabinetGrants.get(`${low(q.person)}|${q.agent}`) ?? null),
    foldersAt: async (q: { person: Address; origin: string }) => [
      ...(this.foldersGranted.get(`${low(q.person)}|${q.origin}`) ?? []),
    ],
  };

  budget = {
    charge: async (
      agent: Address,
      units: number,
    ): Promise<{ ok: true; remaining: number } | { ok: false; resetsAt: number }> => {
      const left = this.budgets.get(low(agent)) ?? Number.POSITIVE_INFINITY;
      if (left < units) return { ok: false, resetsAt: 0 };
      this.budgets.set(low(agent), left - units);
      return { ok: true, remaining: left - units };
    },
  };

  // ── seeding helpers for tests ──
  addAgent(agent: AgentInfo): void {
    this.agentRows.set(low(agent.address), agent);
  }
  assign(a: ArchetypeAssignment): void {
    this.assignments.set(low(a.agent), a);
  }
  addRecord(r: Omit<VaultRecord, 'createdAt' | 'updatedAt'>): void {
    this.recordRows.set(r.id, { ...r, createdAt: 0, updatedAt: 0 });
  }
  /** Marks a stored record or receipt as damaged: it no longer reads, as a row altered behind the vault's back. */
  damage(id: string): void {
    this.damagedIds.add(id);
  }
  grantCabinet(person: Address, agent: string, held: CabinetGrantHeld): void {
    this.cabinetGrants.set(`${low(person)}|${agent}`, held);
  }
}
