import type { HarnessContext } from '../kernel/context';
import { isControlRun } from '../kernel/control';
import type { ChainPort, ListRead, Party, VaultPort, VaultRecord } from '../kernel/ports';
import type { ReadScope } from '../kernel/read-scope';

/**
 * The read scope of an ask-as-me run (DESIGN §10 "Doors and permissions"): an app asking as the person is answered
 * only from what the person ticked when they signed its wire — cabinet folders, and the kinds of their other records
 * (contacts, memory, receipts, the balance, their organizations). Keys never. It is enforced twice over: the read
 * tools refuse a read beyond it in words ("HeartCoach may not read your contacts"), and the run's VaultPort and
 * ChainPort are narrowed to it, so no other path — grounding, the planner's memory, a name looked up — hands
 * the app anything else. A wire signed before read scopes reads only the folders of the app's own cabinet grant.
 */
export type { ReadScope } from '../kernel/read-scope';

/** What a read needs: a cabinet folder, or a kind of record; `never` for what no wire reads (keys, payers). */
export type ReadNeed = { folder: string } | { kind: string } | 'never';

const KIND_WORDS: Record<string, string> = {
  contacts: 'your contacts',
  memory: 'your memory',
  receipts: 'your receipts',
  balance: 'your balance',
  organizations: 'your organizations and their members',
};

/** The need of a record type (records are typed `cabinet.<folder>`, `contact`, `memory`, …). */
export function needOfRecordType(type: string): ReadNeed {
  if (type.startsWith('cabinet.')) return { folder: type.slice('cabinet.'.length) };
  if (type === 'contact') return { kind: 'contacts' };
  if (type === 'memory') return { kind: 'memory' };
  if (type === 'organization' || type === 'membership') return { kind: 'organizations' };
  return 'never';
}

/** The need of a read tool, from its id and arguments; null when the tool reads nothing of the person's. */
export function needOfRead(toolId: string, args: Readonly<Record<string, unknown>>): ReadNeed | null {
  const folder = /^cabinet\.([a-z]+)\.read$/.exec(toolId)?.[1];
  if (folder !== undefined) return { folder };
  switch (toolId) {
    case 'person.contact.list':
      return { kind: 'contacts' };
    case 'organization.members.list':
    case 'organization.affiliations.list':
      return { kind: 'organizations' };
    case 'receipts.list':
      return { kind: 'receipts' };
    case 'balance.read':
      return { kind: 'balance' };
    case 'records.list':
      return needOfRecordType(String(args.type ?? '').toLowerCase());
    default:
      return null;
  }
}

export function allows(scope: ReadScope, need: ReadNeed): boolean {
  if (need === 'never') return false;
  return 'folder' in need ? scope.folders.includes(need.folder) : scope.kinds.includes(need.kind);
}

/** The refusal in words: what the app may not read, and how the person would let it. */
export function refusalWords(scope: ReadScope, need: ReadNeed): string {
  const what =
    need === 'never'
      ? 'those records'
      : 'folder' in need
        ? `your ${need.folder} folder`
        : (KIND_WORDS[need.kind] ?? `your ${need.kind}`);
  const granted = [...scope.folders.map((f) => `${f} folder`), ...scope.kinds.map((k) => KIND_WORDS[k] ?? k)];
  const may = granted.length === 0 ? 'nothing of yours' : granted.join(', ');
  return `${scope.app} may not read ${what}: when you let it ask as you, you let it read ${may}. Nothing else was read.`;
}

/** The scope this run reads under: the ask-as-me door's, unless this is a control run (guards off). */
export function readScopeOf(ctx: HarnessContext): ReadScope | null {
  return ctx.readScope !== undefined && !isControlRun(ctx) ? ctx.readScope : null;
}

/** A read tool's refusal under the run's scope, or null when it may read. */
export function readRefused(
  ctx: HarnessContext,
  toolId: string,
  args: Readonly<Record<string, unknown>>,
): { failed: true; code: 'READ_NOT_GRANTED'; reason: string } | null {
  const scope = readScopeOf(ctx);
  const need = needOfRead(toolId, args);
  if (scope === null || need === null || allows(scope, need)) return null;
  return { failed: true, code: 'READ_NOT_GRANTED', reason: refusalWords(scope, need) };
}

/** Thrown only by a narrowed port asked for what no tool would have read (the read tools refuse first). */
export class ReadNotGranted extends Error {}

const empty = <T>(): ListRead<T> => ({ rows: [], damaged: [] });

/** The run's context with its vault and chain narrowed to the scope (nothing changes for a session or a control run). */
export function scopedContext(ctx: HarnessContext, scope: ReadScope | undefined): HarnessContext {
  if (scope === undefined) return ctx;
  const narrowed = { ...ctx, readScope: scope };
  if (isControlRun(narrowed)) return narrowed;
  return { ...narrowed, vault: scopedVault(ctx.vault, scope), chain: scopedChain(ctx.chain, scope) };
}

function scopedVault(vault: VaultPort, scope: ReadScope): VaultPort {
  const may = (need: ReadNeed) => allows(scope, need);
  const typed = (type: string) => may(needOfRecordType(type));
  const contacts = may({ kind: 'contacts' });
  const organizations = may({ kind: 'organizations' });
  const party = (p: Party) =>
    p.via === 'contact' ? contacts : p.via === 'organization' || p.via === 'member' ? organizations : true;
  const record = (r: VaultRecord | null) => (r !== null && typed(r.type) ? r : null);
  return {
    ...vault,
    grants: {
      ...vault.grants,
      // A consultation the app starts carries only the folders its wire may read, whatever the cabinet grant names.
      cabinet: async (q) => {
        const held = await vault.grants.cabinet(q);
        return held === null ? null : { ...held, folders: held.folders.filter((f) => scope.folders.includes(f)) };
      },
    },
    parties: { named: async (asker, word) => (await vault.parties.named(asker, word)).filter(party) },
    contacts: {
      list: async (owner) => (contacts ? vault.contacts.list(owner) : []),
      read: async (owner) => (contacts ? vault.contacts.read(owner) : empty<Party>()),
    },
    memberships: {
      ...vault.memberships,
      readOfOrganization: async (o) => (organizations ? vault.memberships.readOfOrganization(o) : empty()),
      readOfPerson: async (p) => (organizations ? vault.memberships.readOfPerson(p) : empty()),
    },
    records: {
      ...vault.records,
      list: async (q) => (typed(q.type) ? vault.records.list(q) : []),
      read: async (q) => (typed(q.type) ? vault.records.read(q) : empty<VaultRecord>()),
      get: async (id) => record(await vault.records.get(id)),
    },
    receipts: {
      ...vault.receipts,
      recent: async (q) => (may({ kind: 'receipts' }) ? vault.receipts.recent(q) : []),
      readRecent: async (q) => (may({ kind: 'receipts' }) ? vault.receipts.readRecent(q) : empty()),
    },
  };
}

function scopedChain(chain: ChainPort, scope: ReadScope): ChainPort {
  return {
    redeemTransfer: (q) => chain.redeemTransfer(q),
    reconcile: (q) => chain.reconcile(q),
    balanceOf: async (q) => {
      if (!allows(scope, { kind: 'balance' })) throw new ReadNotGranted(refusalWords(scope, { kind: 'balance' }));
      return chain.balanceOf(q);
    },
  };
}
