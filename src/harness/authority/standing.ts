import type { HarnessContext } from '../kernel/context';
import type { Relation } from '../ground/reading';
import type { Address } from '../kernel/ports';

/**
 * The asker's standing towards an agent (seed 001 steps 3.4 and 8.4): self, steward, member or stranger. Standing
 * says who can grant — a steward signs with the owner key that holds the organization's Smart Agent — never that a
 * grant exists.
 */
export async function relationOf(ctx: HarnessContext, asker: Address, subject: Address): Promise<Relation> {
  if (asker.toLowerCase() === subject.toLowerCase()) return 'self';
  const agent = await ctx.vault.agents.get(subject);
  if (agent !== null && agent.stewards.some((s) => s.toLowerCase() === asker.toLowerCase())) return 'steward';
  if (agent !== null && agent.kind === 'organization') {
    const members = await ctx.vault.memberships.ofOrganization(subject);
    if (members.some((m) => m.member.toLowerCase() === asker.toLowerCase())) return 'member';
  }
  return 'stranger';
}

export const canGrant = (relation: Relation): boolean => relation === 'self' || relation === 'steward';
