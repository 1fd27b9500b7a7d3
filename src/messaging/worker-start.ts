import type { VaultDb } from '../vault/db';
import type { WorkerStatusReply } from '../protocol/messages/index';

/** The settings keys this module owns. */
export const WORKER_SETTINGS = { startId: 'worker.startId', starts: 'worker.starts' } as const;

/**
 * Records a new worker instance in the vault: reads the previous instance's start id, then writes this one's.
 * A stopped and restarted MV3 worker is a new instance with fresh memory; only the vault carries over, so the
 * e2e test reads `previousStartId` to prove what one instance wrote, the next one read.
 */
export async function recordWorkerStart(
  vault: VaultDb,
  instance: { startId: string; now: number },
): Promise<WorkerStatusReply> {
  return vault.transaction('rw', vault.settings, async () => {
    const previous = await vault.settings.get(WORKER_SETTINGS.startId);
    const counted = await vault.settings.get(WORKER_SETTINGS.starts);
    const previousStartId = typeof previous?.value === 'string' ? previous.value : null;
    const starts = (typeof counted?.value === 'number' ? counted.value : 0) + 1;
    await vault.settings.bulkPut([
      { key: WORKER_SETTINGS.startId, value: instance.startId, updatedAt: instance.now },
      { key: WORKER_SETTINGS.starts, value: starts, updatedAt: instance.now },
    ]);
    return { startId: instance.startId, previousStartId, starts, startedAt: instance.now };
  });
}
