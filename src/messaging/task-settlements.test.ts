import { describe, expect, it } from 'vitest';
import type { Result } from '../protocol/errors';
import type { Router } from './router';
import { watchRunSettlements } from './task-settlements';

describe('watching the person’s turns for A2A tasks', () => {
  it('names the run after a sign, decline or resume answered ok, and nothing else', async () => {
    let reply: Result<unknown> = { ok: false, error: { code: 'LOCKED', message: 'Unlock first.' } };
    const inner: Router = {
      route: async () => reply,
      stats: () => ({ handled: {}, refused: {} }),
      noteHandled: () => undefined,
    };
    const moved: string[] = [];
    const router = watchRunSettlements(inner, (runRef) => moved.push(runRef));
    const sender = { kind: 'extension-page' } as never;
    await router.route({ type: 'agent.sign', runRef: 'run-refused' }, sender);
    reply = { ok: true, data: { runRef: 'run-1' } };
    for (const type of ['agent.sign', 'agent.decline', 'agent.resume', 'agent.pending', 'ask'])
      await router.route({ type }, sender);
    await Promise.resolve();
    expect(moved).toEqual(['run-1', 'run-1', 'run-1']);
  });
});
