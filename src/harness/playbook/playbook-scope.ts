import type { Hex } from 'viem';
import type { Address } from '../kernel/vocabulary';

/** What a loaded playbook lets an agent know how to do (./playbook.ts loads it), and the cache of loads. */
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
