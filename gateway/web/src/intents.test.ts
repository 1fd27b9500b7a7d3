import { describe, expect, it } from 'vitest';
import { IntentQueue } from './intents';

/** The page's client queue: reads one at a time, in order; an Ask at once, ahead of reads still waiting. */
describe('IntentQueue', () => {
  it('runs reads one at a time in order, and an Ask ahead of the reads still waiting', async () => {
    const queue = new IntentQueue(1);
    const log: string[] = [];
    const releases: Array<() => void> = [];
    // Resolved when the queue starts the next read: the test waits for that, not for a turn of the clock.
    let onStart: (() => void) | undefined;
    const nextStart = () => new Promise<void>((resolve) => (onStart = resolve));
    const slowRead = (name: string) =>
      queue.read(async () => {
        log.push(`start ${name}`);
        onStart?.();
        await new Promise<void>((resolve) => releases.push(resolve));
        log.push(`end ${name}`);
        return name;
      });
    const reads = [slowRead('alerts'), slowRead('thread'), slowRead('thirty')];
    await Promise.resolve();
    expect(log).toEqual(['start alerts']);
    expect(queue.pending).toBe(2);
    const ask = queue.priority(async () => {
      log.push('ask');
      return 'answered';
    });
    expect(await ask).toBe('answered');
    expect(log).toEqual(['start alerts', 'ask']);
    for (const [i, read] of reads.entries()) {
      const started = nextStart();
      releases.shift()!();
      await read;
      if (i < reads.length - 1) await started;
    }
    expect(await Promise.all(reads)).toEqual(['alerts', 'thread', 'thirty']);
    expect(log).toEqual([
      'start alerts',
      'ask',
      'end alerts',
      'start thread',
      'end thread',
      'start thirty',
      'end thirty',
    ]);
  });

  it('a failed read rejects its own caller and lets the next read run', async () => {
    const queue = new IntentQueue(1);
    const failed = queue.read(async () => {
      throw new Error('the desk is down');
    });
    const next = queue.read(async () => 'next');
    await expect(failed).rejects.toThrow('the desk is down');
    expect(await next).toBe('next');
  });
});
