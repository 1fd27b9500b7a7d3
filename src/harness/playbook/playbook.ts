import type { Hex } from 'viem';
import { digestOfText } from '../../protocol/digest';
import type { HarnessContext } from '../kernel/context';
import type { Address } from '../kernel/ports';

/**
 * Step 1 — load the playbook (seed 001 §3, spec 354). The addressee's archetype assignment pins an exact version
 * and definition digest; the digest is recomputed from the definition text and compared. Any mismatch is the bare
 * harness: "an archetype changes what an agent KNOWS HOW to do, never what it MAY do", and a moved definition must
 * not quietly teach the agent something nobody assigned.
 */
export type PlaybookScope = {
  archetypeId: string;
  archetypeVersion: string;
  /** The definition digest, stamped on the intent as versions.playbook and bound into every mandate. */
  digest: Hex;
  capabilityIds: readonly string[];
  skillIds: readonly string[];
  /** The planner doctrine: the definition text above "## How each act is done". */
  instructions: string;
  specialists: readonly string[];
  declaredEffects: readonly string[];
};

export type PlaybookResult = { kind: 'playbook'; scope: PlaybookScope } | { kind: 'bare'; reason: string };

/** Playbooks cached one minute per addressee (seed 001 step 1), by the context's clock. */
export class PlaybookCache {
  private readonly entries = new Map<string, { at: number; result: PlaybookResult }>();
  get(addressee: Address, now: number, ttlMs: number): PlaybookResult | undefined {
    const hit = this.entries.get(addressee.toLowerCase());
    return hit !== undefined && now - hit.at < ttlMs ? hit.result : undefined;
  }
  set(addressee: Address, now: number, result: PlaybookResult): void {
    this.entries.set(addressee.toLowerCase(), { at: now, result });
  }
}

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
      specialists: [],
      declaredEffects: [...effects],
    },
  };
}
