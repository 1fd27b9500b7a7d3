import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Id, Json, Millis } from '../values';

/**
 * Provenance per run (seed 001 step 11): the run's PROV export (run.provenance), large step results offloaded as
 * artifacts (run.artifact) and the run record (run.record: door, model calls, stages), shaped by src/harness. Kept
 * by runRef until they expire (about a week), then swept. An A2A task of the person's agent (a2a.task: its id, the
 * run it fronts, who asked) is kept beside its run the same way (src/home/a2a-tasks/task-store.ts).
 */
export const ProvenanceRow = z.strictObject({
  id: Id,
  runRef: Id,
  kind: z.enum(['run.provenance', 'run.artifact', 'run.record', 'a2a.task']),
  mediaType: z.string().min(1).max(100),
  body: Json,
  createdAt: Millis,
  expiresAt: Millis,
});
export type ProvenanceRow = z.output<typeof ProvenanceRow>;
export type ProvenanceInput = Omit<z.input<typeof ProvenanceRow>, 'createdAt'>;

export type ProvenanceRepository = {
  /** Stores an artifact or a PROV export (a re-export of the same id replaces it). */
  put(input: ProvenanceInput): Promise<ProvenanceRow>;
  get(id: string): Promise<ProvenanceRow | undefined>;
  byRun(runRef: string, kind?: ProvenanceRow['kind']): Promise<VaultRead<ProvenanceRow>>;
  /** Deletes every expired document; returns how many. */
  sweep(): Promise<number>;
};

export function createProvenanceRepository(db: VaultDb, clock: VaultClock): ProvenanceRepository {
  return {
    put: async (input) => {
      const row = writeRow('provenance', ProvenanceRow, { ...input, createdAt: clock.now() });
      await db.provenance.put(row);
      return row;
    },
    get: async (id) => readRow('provenance', ProvenanceRow, await db.provenance.get(id)),
    byRun: async (runRef, kind) => {
      const read = readRows('provenance', ProvenanceRow, await db.provenance.where('runRef').equals(runRef).toArray());
      const rows = read.rows
        .filter((row) => kind === undefined || row.kind === kind)
        .sort((a, b) => a.createdAt - b.createdAt);
      return { rows, corrupt: read.corrupt };
    },
    sweep: () => db.provenance.where('expiresAt').belowOrEqual(clock.now()).delete(),
  };
}
