import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openVault } from '../vault/db';
import { recordWorkerStart, WORKER_SETTINGS } from './worker-start';

describe('recording a worker start in the vault', () => {
  it('reads the previous instance and writes this one, across a reopen', async () => {
    const name = 'worker-start-test';
    const first = await openVault(name);
    expect(await recordWorkerStart(first, { startId: 'one', now: 10 })).toEqual({
      startId: 'one',
      previousStartId: null,
      starts: 1,
      startedAt: 10,
    });
    first.close();
    const second = await openVault(name);
    expect(await recordWorkerStart(second, { startId: 'two', now: 20 })).toEqual({
      startId: 'two',
      previousStartId: 'one',
      starts: 2,
      startedAt: 20,
    });
    expect((await second.settings.get(WORKER_SETTINGS.startId))?.value).toBe('two');
    second.close();
  });
});
