import { expect, test } from './fixtures';

type Status = { startId: string; previousStartId: string | null; starts: number };

test('a new worker instance reads back the vault row the stopped one wrote', async ({ background, stopWorker }) => {
  const first = await background.send({ type: 'worker.status' });
  expect(first.ok).toBe(true);
  const before = (first as { data: Status }).data;

  await stopWorker();

  const second = await background.send({ type: 'worker.status' });
  expect(second.ok).toBe(true);
  const after = (second as { data: Status }).data;
  // A new instance: a new start id, and memory wiped (the router's counters start again from this one call)…
  expect(after.startId).not.toBe(before.startId);
  expect((await background.stats()).handled).toEqual({ 'worker.status': 1 });
  // …that read the settings row the previous instance wrote to the vault (IndexedDB) before it was stopped.
  expect(after.previousStartId).toBe(before.startId);
  expect(after.starts).toBe(before.starts + 1);
});
