import { formatUnits, getAddress } from 'viem';
import type { HarnessContext } from '../kernel/context';
import type { Address, DamagedRow } from '../kernel/ports';
import { relationOf } from '../authority/standing';
import { describe, namesParty } from '../resolve/resolve';
import { damagedSeen, withDamaged } from './damaged';
import { labelOf, listInWords, type ExecInput, type StepFailure, type StepResult } from './step-result';

/**
 * The local reads (seed 001 step 3.3's read shapes), answered from the vault or the chain with a deterministic
 * sentence and rows for the panel — no composer call. Reads run under the asker's standing: an organization's
 * members are read only by its steward or a member. A row the vault could not read is left out of the rows and said
 * in the sentence (./damaged.ts), never silently dropped.
 */
type Read = (ctx: HarnessContext, input: ExecInput) => Promise<StepResult | StepFailure>;

const rowsResult = (
  text: string,
  rows: StepResult['rows'] & object,
  source: StepResult['source'] = 'vault',
  damaged: readonly DamagedRow[] = [],
): StepResult => {
  const seen = damagedSeen(damaged);
  return {
    text: withDamaged(text, damaged),
    rows,
    value: rows,
    source,
    observation: 'committed',
    reconciled: false,
    templated: true,
    ...(seen !== undefined ? { damaged: seen } : {}),
  };
};

/** The sentence for an empty list: "none yet" only when nothing was left out, else that none could be read. */
const noneSaid = (damaged: readonly DamagedRow[], none: string, unreadable: string) =>
  damaged.length === 0 ? none : unreadable;

const READS: Record<string, Read> = {
  'person.contact.list': async (ctx, input) => {
    const read = await ctx.vault.contacts.read(input.addressee);
    const rowOf = (c: (typeof read.rows)[number]) => ({
      name: c.label,
      address: getAddress(c.address),
      aliases: c.aliases.join(', '),
    });
    const all = read.rows.map(rowOf);
    // Asked about one ("is bob in my contacts?", "who is nathan?"): the contacts that name, by resolution's own
    // exact rule (label or alias, never a resemblance).
    const query = typeof input.args.query === 'string' ? input.args.query.trim() : '';
    if (query !== '') {
      const rows = read.rows.filter((c) => namesParty(c, query)).map(rowOf);
      const said = rows.map((r) => (r.aliases === '' ? r.name : `${r.name} (also called ${r.aliases})`));
      const text =
        rows.length === 0
          ? noneSaid(read.damaged, `No contact of yours is called “${query}”.`, 'No contact could be read.')
          : rows.length === 1
            ? `${said[0]} is in your contacts, at ${rows[0]!.address}.`
            : `${rows.length} of your contacts are called “${query}”: ${listInWords(said)}.`;
      return rowsResult(text, rows, 'vault', read.damaged);
    }
    const text =
      all.length === 0
        ? noneSaid(read.damaged, 'You have no contacts yet.', 'No contact could be read.')
        : `You have ${all.length} contact${all.length === 1 ? '' : 's'}: ${listInWords(all.map((r) => r.name))}.`;
    return rowsResult(text, all, 'vault', read.damaged);
  },
  'organization.members.list': async (ctx, input) => {
    const org = input.args.organization as Address;
    const relation = await relationOf(ctx, input.asker, org);
    if (relation === 'stranger')
      return {
        failed: true,
        code: 'NOT_A_MEMBER',
        reason: `You are not a member or steward of ${labelOf(input, org)}, so its members are not yours to read.`,
      };
    const read = await ctx.vault.memberships.readOfOrganization(org);
    const rows = read.rows.map((m) => ({ name: m.label, roles: m.roles.join(', '), address: getAddress(m.member) }));
    const name = labelOf(input, org);
    const described = rows.map((r) => (r.roles === 'member' ? r.name : `${r.name} (${r.roles})`));
    const text =
      rows.length === 0
        ? noneSaid(read.damaged, `${name} has no members yet.`, `No member of ${name} could be read.`)
        : `${name} has ${rows.length} member${rows.length === 1 ? '' : 's'}: ${listInWords(described)}.`;
    return rowsResult(text, rows, 'vault', read.damaged);
  },
  'organization.affiliations.list': async (ctx, input) => {
    const read = await ctx.vault.memberships.readOfPerson(input.asker);
    // Two organizations under one label are told apart by the alias the vault holds for each ("thompson (thompson
    // family trust)"), as a choice between them is.
    const shared = (label: string) => read.rows.filter((r) => r.label.toLowerCase() === label.toLowerCase()).length > 1;
    const told = async (a: (typeof read.rows)[number]) => {
      if (!shared(a.label)) return a.label;
      const party = (await ctx.vault.parties.named(input.asker, a.label)).find(
        (p) => p.address.toLowerCase() === a.organization.toLowerCase(),
      );
      return party === undefined ? a.label : describe(party);
    };
    const rows = await Promise.all(
      read.rows.map(async (a) => ({
        organization: await told(a),
        roles: a.roles.join(', '),
        address: getAddress(a.organization),
      })),
    );
    const text =
      rows.length === 0
        ? noneSaid(read.damaged, 'You belong to no organizations.', 'None of your memberships could be read.')
        : `You belong to ${listInWords(rows.map((r) => withRoles(r.organization, r.roles)))}.`;
    return rowsResult(text, rows, 'vault', read.damaged);
  },
  'records.list': async (ctx, input) => {
    const type = String(input.args.type ?? '').toLowerCase();
    if (type === '' || type === 'keys')
      return { failed: true, code: 'NO_SUCH_RECORDS', reason: 'Say which kind of records to list.' };
    const read = await ctx.vault.records.read({ type, owner: input.addressee, limit: 200 });
    // A memory is its own words; another record its data. The instant in ISO 8601 (a face shows it in local time).
    const rows = read.rows.map((r) => ({
      id: r.id,
      type: r.type,
      updatedAt: new Date(r.updatedAt).toISOString(),
      summary: (type === 'memory' ? memoryText(r.data) : null) ?? JSON.stringify(r.data).slice(0, 200),
    }));
    // What the person asked to be remembered is said back in their own words, the newest few.
    const kept = type === 'memory' ? read.rows.map((r) => memoryText(r.data)).filter((t) => t !== null) : [];
    const text =
      rows.length === 0
        ? noneSaid(read.damaged, `There are no ${type} records.`, `No ${type} record could be read.`)
        : kept.length > 0
          ? `You asked me to remember ${listInWords(kept.slice(0, 5).map((t) => `“${t}”`))}${kept.length > 5 ? ` and ${kept.length - 5} more` : ''}.`
          : `There ${rows.length === 1 ? 'is 1' : `are ${rows.length}`} ${type} record${rows.length === 1 ? '' : 's'}.`;
    return rowsResult(text, rows, 'vault', read.damaged);
  },
  'receipts.list': async (ctx, input) => {
    const read = await ctx.vault.receipts.readRecent({ subject: input.addressee, limit: 20 });
    // Each step by its capability's label ("Send USDC"), never its id; the instant as ISO 8601 (a face shows it in
    // the person's own zone).
    const labelled = (toolId: string) => ctx.ontology.capabilities[toolId]?.label ?? toolId;
    const rows = read.rows.map((r) => ({
      what: labelled(r.toolId),
      at: new Date(r.createdAt).toISOString(),
      observation: r.observation,
      txHash: r.txHash ?? null,
      runRef: r.runRef,
      stepRef: r.stepRef,
    }));
    const said = rows.slice(0, 5).map((r) => r.what.charAt(0).toLowerCase() + r.what.slice(1));
    const text =
      rows.length === 0
        ? noneSaid(read.damaged, 'There are no receipts yet.', 'No receipt could be read.')
        : `Your ${rows.length} most recent receipt${rows.length === 1 ? '' : 's'}: ${listInWords(said)}.`;
    return rowsResult(text, rows, 'vault', read.damaged);
  },
  'balance.read': async (ctx, input) => {
    const holder = (await ctx.vault.payments.defaultPayer(input.asker)) ?? input.addressee;
    const balance = await ctx.chain.balanceOf({ token: 'usdc', holder });
    const amount = formatUnits(BigInt(balance.amount), balance.decimals);
    return rowsResult(
      `Your balance is ${amount} USDC.`,
      [{ holder: getAddress(holder), token: 'USDC', amount }],
      'chain',
    );
  },
};

/** A cabinet folder's items (cabinet.<folder>.read): the person's own health records, read only by the person. */
const cabinetRead =
  (folder: string): Read =>
  async (ctx, input) => {
    if (input.asker.toLowerCase() !== input.addressee.toLowerCase()) {
      return { failed: true, code: 'NOT_YOUR_CABINET', reason: 'A cabinet is read only by its own person.' };
    }
    const read = await ctx.vault.records.read({ type: `cabinet.${folder}`, owner: input.addressee, limit: 200 });
    const rows = read.rows.map((r) => ({
      id: r.id,
      updatedAt: new Date(r.updatedAt).toISOString(),
      summary: JSON.stringify(r.data).slice(0, 300),
    }));
    const text =
      rows.length === 0
        ? noneSaid(read.damaged, `Your ${folder} folder is empty.`, `No item in your ${folder} folder could be read.`)
        : `Your ${folder} folder has ${rows.length} item${rows.length === 1 ? '' : 's'}.`;
    return rowsResult(text, rows, 'vault', read.damaged);
  };

/** "Missio Nexus (steward)"; an organization already told apart by its alias keeps one parenthesis. */
const withRoles = (organization: string, roles: string) =>
  organization.endsWith(')') ? `${organization.slice(0, -1)}; ${roles})` : `${organization} (${roles})`;

export function readFor(toolId: string, folder?: string): Read | undefined {
  return (
    READS[toolId] ?? (folder !== undefined && toolId === `cabinet.${folder}.read` ? cabinetRead(folder) : undefined)
  );
}

/** A memory record's note, as kept (memory.remember writes { text, tags }); null when it has none. */
const memoryText = (data: unknown): string | null => {
  const text = (data as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.trim() !== '' ? text.trim().slice(0, 200) : null;
};
