import type { HarnessContext } from '../kernel/context';
import type { Address, VaultRecord } from '../kernel/ports';
import { labelOf, type ExecInput } from './step-result';

/**
 * The local acts (contact invite, membership invite, memory), each one record written to the vault in the
 * vault's own record shapes (src/vault/records/people.ts). The record's id is the effect's natural key, so writing
 * it twice leaves one record and reconcile can ask whether the effect already happened. `holds` says whether the
 * world is already as the act would make it (dave is already a contact): then no act, and no mandate, is needed.
 */
export type LocalAct = {
  recordOf: (input: ExecInput, now: number) => VaultRecord;
  holds: (ctx: HarnessContext, input: Pick<ExecInput, 'args' | 'addressee' | 'asker'>) => Promise<boolean>;
  done: (input: ExecInput) => string;
  already: (input: ExecInput) => string;
};

const lower = (a: unknown) => String(a).toLowerCase();
const tags = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((t) => t.trim().slice(0, 60))
        .filter((t) => t.length > 0)
        .slice(0, 20)
    : [];

const LOCAL_ACTS: Record<string, LocalAct> = {
  'person.contact.invite': {
    recordOf: (input, now) => ({
      id: `contact:${lower(input.addressee)}:${lower(input.args.person)}`,
      type: 'contact',
      owner: input.addressee,
      data: {
        label: labelOf(input, input.args.person),
        aliases: [],
        address: lower(input.args.person),
        note: `Added by your agent (${input.runRef}).`,
      },
      createdAt: now,
      updatedAt: now,
    }),
    holds: async (ctx, input) =>
      (await ctx.vault.contacts.list(input.addressee)).some((c) => lower(c.address) === lower(input.args.person)),
    done: (input) => `I added ${labelOf(input, input.args.person)} to your contacts.`,
    already: (input) => `${labelOf(input, input.args.person)} is already your contact.`,
  },
  'organization.membership.invite': {
    recordOf: (input, now) => ({
      id: `membership:${lower(input.args.organization)}:${lower(input.args.person)}`,
      type: 'membership',
      owner: input.args.organization as Address,
      data: {
        principal: lower(input.args.organization),
        member: lower(input.args.person),
        memberLabel: labelOf(input, input.args.person),
        memberAliases: [],
        roles: ['member'],
      },
      createdAt: now,
      updatedAt: now,
    }),
    holds: async (ctx, input) =>
      (await ctx.vault.memberships.ofOrganization(input.args.organization as Address)).some(
        (m) => lower(m.member) === lower(input.args.person),
      ),
    done: (input) =>
      `I invited ${labelOf(input, input.args.person)} to join ${labelOf(input, input.args.organization)}.`,
    already: (input) =>
      `${labelOf(input, input.args.person)} is already in ${labelOf(input, input.args.organization)}.`,
  },
  'memory.remember': {
    recordOf: (input, now) => ({
      id: `memory:${input.effectKey}`,
      type: 'memory',
      owner: input.addressee,
      data: { text: String(input.args.note).slice(0, 4000), tags: tags(input.args.tags) },
      createdAt: now,
      updatedAt: now,
    }),
    holds: async () => false,
    done: () => 'I will remember that.',
    already: () => 'I already remember that.',
  },
};

export const localActFor = (toolId: string): LocalAct | undefined => LOCAL_ACTS[toolId];
