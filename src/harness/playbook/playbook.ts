import { digestOfText } from '../../protocol/digest';
import type { HarnessContext } from '../kernel/context';
import type { Address } from '../kernel/ports';
import type { PlaybookResult } from './playbook-scope';

/**
 * Step 1 — load the playbook (seed 001 §3). The addressee's archetype assignment pins an exact version
 * and definition digest; the digest is recomputed from the definition text and compared. Any mismatch is the bare
 * harness: "an archetype changes what an agent KNOWS HOW to do, never what it MAY do", and a moved definition must
 * not quietly teach the agent something nobody assigned.
 */
export { PlaybookCache, type PlaybookResult, type PlaybookScope } from './playbook-scope';

export async function loadPlaybook(ctx: HarnessContext, input: { addressee: Address }): Promise<PlaybookResult> {
  const now = ctx.clock.now();
  const cached = ctx.caches.playbooks.get(input.addressee, now, ctx.settings.playbookCacheMs);
  if (cached !== undefined) return cached;
  const result = await readPlaybook(ctx, input.addressee);
  ctx.caches.playbooks.set(input.addressee, now, result);
  return result;
}

async function readPlaybook(ctx: HarnessContext, addressee: Address): Promise<PlaybookResult> {
  const assignment = await ctx.vault.playbooks.get(addressee);
  if (assignment === null) return { kind: 'bare', reason: 'no archetype is assigned to this agent' };
  const archetype = ctx.ontology.archetypes[assignment.archetypeId];
  if (archetype === undefined)
    return { kind: 'bare', reason: `the assigned archetype ${assignment.archetypeId} is not in this ontology` };
  if (archetype.version !== assignment.archetypeVersion) {
    return {
      kind: 'bare',
      reason: `the assignment pins version ${assignment.archetypeVersion} but the ontology has ${archetype.version}`,
    };
  }
  const recomputed = digestOfText(archetype.definition);
  if (recomputed !== assignment.definitionDigest || recomputed !== archetype.definitionDigest) {
    return { kind: 'bare', reason: 'the definition digest moved since it was assigned' };
  }
  const effects = new Set<string>();
  for (const id of archetype.capabilityIds)
    for (const e of ctx.ontology.capabilities[id]?.effects ?? []) effects.add(e);
  return {
    kind: 'playbook',
    scope: {
      archetypeId: archetype.id,
      archetypeVersion: archetype.version,
      digest: recomputed,
      capabilityIds: archetype.capabilityIds,
      skillIds: archetype.skillIds,
      instructions: archetype.doctrine,
      // The specialists registered for a capability this archetype knows: it knows how to hand such a step on.
      specialists: [...ctx.specialists.values()]
        .filter((s) => archetype.capabilityIds.includes(s.capability))
        .map((s) => s.id),
      declaredEffects: [...effects],
    },
  };
}
