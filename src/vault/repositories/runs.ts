import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Id, Json, Millis } from '../values';

/**
 * A suspended run's checkpoint (DESIGN §6): keyed by runRef, readable until it expires, then unreadable and swept.
 * Whether the caller may claim it (asker) is the harness's check; the vault only keeps it.
 */
export const RunRow = z.strictObject({
  runRef: Id,
  addressee: Address,
  asker: Address,
  status: z.string().regex(/^[a-z][a-z_-]{0,39}$/, 'a lower-case status word'),
  checkpoint: Json,
  createdAt: Millis,
  updatedAt: Millis,
  expiresAt: Millis,
});
export type RunRow = z.output<typeof RunRow>;
export type RunInput = Omit<z.input<typeof RunRow>, 'createdAt' | 'updatedAt'>;

/** found: readable; expired: it existed and is over (410 in the seed); absent: never known or already swept. */
export type RunLoad =
  | { kind: 'found'; run: RunRow }
  | { kind: 'expired'; runRef: string; expiredAt: number }
  | { kind: 'absent'; runRef: string };

export type RunsRepository = {
  /** Writes a checkpoint (insert or replace), keeping the run's first createdAt. */
  save(input: RunInput): Promise<RunRow>;
  load(runRef: string): Promise<RunLoad>;
  delete(runRef: string): Promise<void>;
  /** Unexpired runs, optionally of one status. */
  list(status?: string): Promise<VaultRead<RunRow>>;
  /** Deletes every expired checkpoint; returns how many. */
  sweep(): Promise<number>;
};

export function createRunsRepository(db: VaultDb, clock: VaultClock): RunsRepository {
  return {
    save: (input) =>
      db.transaction('rw', db.runs, async () => {
        const now = clock.now();
        const existing = await db.runs.get(input.runRef);
        const createdAt = typeof existing?.createdAt === 'number' ? existing.createdAt : now;
        const row = writeRow('runs', RunRow, { ...input, createdAt, updatedAt: now });
        await db.runs.put(row);
        return row;
      }),
    load: async (runRef) => {
      const run = readRow('runs', RunRow, await db.runs.get(runRef));
      if (run === undefined) return { kind: 'absent', runRef };
      if (clock.now() >= run.expiresAt) return { kind: 'expired', runRef, expiredAt: run.expiresAt };
      return { kind: 'found', run };
    },
    delete: (runRef) => db.runs.delete(runRef),
    list: async (status) => {
      const now = clock.now();
      const read = readRows(
        'runs',
        RunRow,
        await (status === undefined ? db.runs.toArray() : db.runs.where('status').equals(status).toArray()),
      );
      return { rows: read.rows.filter((run) => run.expiresAt > now), corrupt: read.corrupt };
    },
    sweep: () => db.runs.where('expiresAt').belowOrEqual(clock.now()).delete(),
  };
}
