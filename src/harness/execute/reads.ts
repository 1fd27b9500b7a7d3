import { formatUnits, getAddress } from 'viem';
import type { HarnessContext } from '../context';
import type { Address } from '../ports';
import { relationOf } from '../authority/standing';
import { labelOf, listInWords, type ExecInput, type StepFailure, type StepResult } from './step-result';

/**
 * The local reads (seed 001 step 3.3's read shapes), answered from the vault or the chain with a deterministic
 * sentence and rows for the panel — no composer call. Reads run under the asker's standing: an organization's
 * members are read only by its steward or a member.
 */
type Read = (ctx: HarnessContext, input: ExecInput) => Promise<StepResult | StepFailure>;

const rowsResult = (text: string, rows: StepResult['rows'] & object, source: StepResult['source'] = 'vault'): StepResult => ({
  text, rows, value: rows, source, observation: 'committed', reconciled: false, templated: true,
});

const READS: Record<string, Read> = {
  'person.contact.list': async (ctx, input) => {
    const contacts = await ctx.vault.contacts.list(input.addressee);
    const rows = contacts.map((c) => ({ name: c.label, address: getAddress(c.address), aliases: c.aliases.join(', ') }));
    const text = rows.length === 0 ? 'You have no contacts yet.' : `You have ${rows.length} contact${rows.length === 1 ? '' : 's'}: ${listInWords(rows.map((r) => r.name))}.`;
    return rowsResult(text, rows);
  },
  'organization.members.list': async (ctx, input) => {
    const org = input.args.organization as Address;
    const relation = await relationOf(ctx, input.asker, org);
    if (relation === 'stranger') return { failed: true, code: 'NOT_A_MEMBER', reason: `You are not a member or steward of ${labelOf(input, org)}, so its members are not yours to read.` };
    const members = await ctx.vault.memberships.ofOrganization(org);
    const rows = members.map((m) => ({ name: m.label, roles: m.roles.join(', '), address: getAddress(m.member) }));
    const name = labelOf(input, org);
    const described = rows.map((r) => (r.roles === 'member' ? r.name : `${r.name} (${r.roles})`));
    const text = rows.length === 0 ? `${name} has no members yet.` : `${name} has ${rows.length} member${rows.length === 1 ? '' : 's'}: ${listInWords(described)}.`;
    return rowsResult(text, rows);
  },
  'organization.affiliations.list': async (ctx, input) => {
    const rows = (await ctx.vault.memberships.ofPerson(input.asker)).map((a) => ({ organization: a.label, roles: a.roles.join(', '), address: getAddress(a.organization) }));
    const text = rows.length === 0 ? 'You belong to no organizations.' : `You belong to ${listInWords(rows.map((r) => `${r.organization} (${r.roles})`))}.`;
    return rowsResult(text, rows);
  },
  'records.list': async (ctx, input) => {
    const type = String(input.args.type ?? '').toLowerCase();
    if (type === '' || type === 'keys') return { failed: true, code: 'NO_SUCH_RECORDS', reason: 'Say which kind of records to list.' };
    const records = await ctx.vault.records.list({ type, owner: input.addressee, limit: 200 });
    const rows = records.map((r) => ({ id: r.id, type: r.type, updatedAt: r.updatedAt, summary: JSON.stringify(r.data).slice(0, 200) }));
    return rowsResult(rows.length === 0 ? `There are no ${type} records.` : `There ${rows.length === 1 ? 'is 1' : `are ${rows.length}`} ${type} record${rows.length === 1 ? '' : 's'}.`, rows);
  },
  'receipts.list': async (ctx, input) => {
    const receipts = await ctx.vault.receipts.recent({ subject: input.addressee, limit: 20 });
    const rows = receipts.map((r) => ({ runRef: r.runRef, stepRef: r.stepRef, toolId: r.toolId, observation: r.observation, at: r.createdAt, txHash: r.txHash ?? null }));
    return rowsResult(rows.length === 0 ? 'There are no receipts yet.' : `Your ${rows.length} most recent receipt${rows.length === 1 ? '' : 's'}: ${listInWords(rows.slice(0, 5).map((r) => r.toolId))}.`, rows);
  },
  'balance.read': async (ctx, input) => {
    const holder = (await ctx.vault.payments.defaultPayer(input.asker)) ?? input.addressee;
    const balance = await ctx.chain.balanceOf({ token: 'usdc', holder });
    const amount = formatUnits(BigInt(balance.amount), balance.decimals);
    return rowsResult(`Your balance is ${amount} USDC.`, [{ holder: getAddress(holder), token: 'USDC', amount }], 'chain');
  },
};

/** A cabinet folder's items (cabinet.<folder>.read): the person's own health records, read only by the person. */
const cabinetRead =
  (folder: string): Read =>
  async (ctx, input) => {
    if (input.asker.toLowerCase() !== input.addressee.toLowerCase()) {
      return { failed: true, code: 'NOT_YOUR_CABINET', reason: 'A cabinet is read only by its own person.' };
    }
    const records = await ctx.vault.records.list({ type: `cabinet.${folder}`, owner: input.addressee, limit: 200 });
    const rows = records.map((r) => ({ id: r.id, updatedAt: r.updatedAt, summary: JSON.stringify(r.data).slice(0, 300) }));
    return rowsResult(rows.length === 0 ? `Your ${folder} folder is empty.` : `Your ${folder} folder has ${rows.length} item${rows.length === 1 ? '' : 's'}.`, rows);
  };

export function readFor(toolId: string, folder?: string): Read | undefined {
  return READS[toolId] ?? (folder !== undefined && toolId === `cabinet.${folder}.read` ? cabinetRead(folder) : undefined);
}
