import { z } from 'zod';
import { A2ATask } from '../../protocol/a2a-task';
import { DigestSchema } from '../../protocol/ask';
import type { Json } from '../../vault/values';
import type { Vault } from '../../vault/vault';

/**
 * The A2A tasks of the person's agent, in the vault beside the runs they front (the provenance table, kind
 * `a2a.task`, keyed by the task's id, kept about a week like the run's own record). A task remembers who asked — the
 * origin the browser reported (or the caller's own word outside a browser) and the wire it presented — so only that
 * caller may read or cancel it, and whether the app canceled it, so a withdrawn run reads CANCELED, not REJECTED.
 */
export const TaskRecord = z.strictObject({
  schemaVersion: z.literal(1),
  task: A2ATask,
  runRef: z.string().min(1).max(80),
  origin: z.string().min(1).max(300),
  wireHash: DigestSchema,
  door: z.enum(['page', 'serve']),
  canceled: z.boolean(),
});
export type TaskRecord = z.infer<typeof TaskRecord>;

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const idOf = (taskId: string) => `a2a.task:${taskId}`;

export type TaskStore = {
  get(taskId: string): Promise<TaskRecord | undefined>;
  /** The task fronting a run, when one does. */
  byRun(runRef: string): Promise<TaskRecord | undefined>;
  put(record: TaskRecord): Promise<void>;
};

export function createTaskStore(vault: Vault): TaskStore {
  const read = (body: unknown) => {
    const parsed = TaskRecord.safeParse(body);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    async get(taskId) {
      const row = await vault.provenance.get(idOf(taskId));
      return row === undefined || row.kind !== 'a2a.task' ? undefined : read(row.body);
    },
    async byRun(runRef) {
      const rows = (await vault.provenance.byRun(runRef, 'a2a.task')).rows;
      return rows.length === 0 ? undefined : read(rows[rows.length - 1]!.body);
    },
    async put(record) {
      await vault.provenance.put({
        id: idOf(record.task.id),
        runRef: record.runRef,
        kind: 'a2a.task',
        mediaType: 'application/a2a+json',
        body: JSON.parse(JSON.stringify(TaskRecord.parse(record))) as Json,
        expiresAt: vault.clock.now() + KEEP_MS,
      });
    },
  };
}
