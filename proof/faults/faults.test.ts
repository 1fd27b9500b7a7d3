import { describe, expect, it } from 'vitest';
import { corruptRowRows } from './corrupt-rows';
import { tamperedBackupRows } from './tampered-backup';
import { WorkerStopped, newSwitch, stoppable } from './stoppable';

/**
 * Faults (d) and (e) in CI — corrupted vault rows and tampered backups, over the Dexie vault on fake-indexeddb and
 * the embedded EVM — and the fault-injection switch itself. The worker-stop cases are payment-stops.test.ts; the
 * gateway restart and the RPC node gone open loopback servers and run in faults.int.test.ts.
 */
describe('the fault-injection switch', () => {
  it('lets the chosen call land, then refuses it and every later call', async () => {
    const log: string[] = [];
    const target = { repo: { write: async (x: string) => void log.push(x), read: () => log.length } };
    const sw = newSwitch({ path: 'vault.repo.write', when: (a) => a[0] === 'second' });
    const wrapped = stoppable(target, sw, 'vault', 2);
    await wrapped.repo.write('first');
    await expect(wrapped.repo.write('second')).rejects.toBeInstanceOf(WorkerStopped);
    expect(log).toEqual(['first', 'second']);
    expect(() => wrapped.repo.read()).toThrow(WorkerStopped);
    expect(() => wrapped.repo.write('third')).toThrow(WorkerStopped);
    expect(log).toEqual(['first', 'second']);
    expect(sw).toMatchObject({ stopped: true, trippedAt: 'vault.repo.write' });
  });
});

describe('faults: corrupted vault rows and tampered backups', () => {
  it(
    'a damaged mandate, run or record is reported in words, nothing is done on it, and the rest still works',
    { timeout: 120_000 },
    async () => {
      const rows = await corruptRowRows();
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.filter((r) => !r.pass)).toEqual([]);
    },
  );

  it(
    'every tampered backup is refused in words and leaves the vault untouched; the untouched file imports',
    { timeout: 120_000 },
    async () => {
      const rows = await tamperedBackupRows();
      expect(rows.length).toBeGreaterThanOrEqual(7);
      expect(rows.filter((r) => !r.pass)).toEqual([]);
    },
  );
});
