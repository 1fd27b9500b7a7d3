import type { HarnessContext } from '../context';
import type { Address, VaultRecord } from '../ports';
import { labelOf, type ExecInput } from './step-result';

/**
 * The local acts (issue 4: contact invite, membership invite, memory), each one record written to the vault. The
 * record's id is the effect's natural key, so writing it twice leaves one record and reconcile can ask whether the
 * effect already happened. `holds` says whether the world is already as the act would make it (dave is already a
 * contact): then no act, and no mandate, is needed.
 */
export type LocalAct = {
  recordOf: (input: ExecInput, now: number) => VaultRecord;
  holds: (ctx: HarnessContext, input: Pick<ExecInput, 'args' | 'addressee' | 'asker'>) => Promise<boolean>;
  done: (input: ExecInput) => string;
  already: (input: ExecInput) => string;
};

const lower = (a: unknown) => String(a).toLowerCase();

const LOCAL_ACTS: Record<string, LocalAct> = {
  'person.contact.invite': {
    recordOf: (input, now) => ({
      id: `contact:${lower(input.addressee)}:${lower(input.args.person)}`,
      type: 'contact',
      owner: input.addressee,
      data: { address: input.args.person, label: labelOf(input, input.args.person), aliases: [], status: 'invited', invitedBy: input.asker, effectKey: input.effectKey },
      createdAt: now,
      updatedAt: now,
    }),
    holds: async (ctx, input) => (await ctx.vault.contacts.list(input.addressee)).some((c) => lower(c.address) === lower(input.args.person)),
    done: (input) => `I invited ${labelOf(input, input.args.person)} to be your contact.`,
    already: (input) => `${labelOf(input, input.args.person)} is already your contact.`,
  },
  'organization.membership.invite': {
    recordOf: (input, now) => ({
      id: `membership:${lower(input.args.organization)}:${lower(input.args.person)}`,
      type: 'membership',
      owner: input.args.organization as Address,
      data: { member: input.args.person, label: labelOf(input, input.args.person), role: 'member', status: 'invited', invitedBy: input.asker, effectKey: input.effectKey },
      createdAt: now,
      updatedAt: now,
    }),
    holds: async (ctx, input) => (await ctx.vault.memberships.ofOrganization(input.args.organization as Address)).some((m) => lower(m.member) === lower(input.args.person)),
    done: (input) => `I invited ${labelOf(input, input.args.person)} to join ${labelOf(input, input.args.organization)}.`,
    already: (input) => `${labelOf(input, input.args.person)} is already in ${labelOf(input, input.args.organization)}.`,
  },
  'memory.remember': {
    recordOf: (input, now) => ({
      id: `memory:${input.effectKey}`,
      type: 'memory',
      owner: input.addressee,
      data: { text: String(input.args.text), by: input.asker, effectKey: input.effectKey },
      createdAt: now,
      updatedAt: now,
    }),
    holds: async () => false,
    done: () => 'I will remember that.',
    already: () => 'I already remember that.',
  },
};

export const localActFor = (toolId: string): LocalAct | undefined => LOCAL_ACTS[toolId];
