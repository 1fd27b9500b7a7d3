import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Hash, Millis, normalizeAddress } from '../values';

/**
 * An agent's archetype assignment (seed 001 step 1), pinned to an exact version and definition digest: the harness
 * recomputes the definition's digest and a mismatch means the bare harness. An archetype changes what an agent
 * knows how to do, never what it may do.
 */
export const PlaybookRow = z.strictObject({
  agent: Address,
  archetypeId: z.string().min(1).max(200),
  archetypeVersion: z.string().min(1).max(40),
  definitionDigest: Hash,
  assignedBy: Address,
  assignedAt: Millis,
});
export type PlaybookRow = z.output<typeof PlaybookRow>;
export type PlaybookPin = Pick<z.input<typeof PlaybookRow>, 'archetypeId' | 'archetypeVersion' | 'definitionDigest'>;

export type PlaybooksRepository = {
  /** Pins an archetype (id, version, digest) to an agent, replacing any earlier assignment. */
  assign(input: PlaybookPin & { agent: string; assignedBy: string }): Promise<PlaybookRow>;
  get(agent: string): Promise<PlaybookRow | undefined>;
  list(): Promise<VaultRead<PlaybookRow>>;
  unassign(agent: string): Promise<boolean>;
};

export function createPlaybooksRepository(db: VaultDb, clock: VaultClock): PlaybooksRepository {
  return {
    assign: async (input) => {
      const row = writeRow('playbooks', PlaybookRow, { ...input, assignedAt: clock.now() });
      await db.playbooks.put(row);
      return row;
    },
    get: async (agent) => readRow('playbooks', PlaybookRow, await db.playbooks.get(normalizeAddress(agent))),
    list: async () => readRows('playbooks', PlaybookRow, await db.playbooks.toArray()),
    unassign: (agent) =>
      db.transaction('rw', db.playbooks, async () => {
        const key = normalizeAddress(agent);
        const found = (await db.playbooks.get(key)) !== undefined;
        if (found) await db.playbooks.delete(key);
        return found;
      }),
  };
}
