import { describe, expect, it } from 'vitest';
import type { Result } from '../protocol/errors';
import type { PageEventMessage } from '../protocol/page-envelope';
import { createPageEvents, watchWireRevocations } from './page-events';
import type { Router } from './router';

describe('page events from the background', () => {
  it('reach only tabs of the origins given, and skip tabs without the relay', async () => {
    const sent: { tabId: number; message: PageEventMessage }[] = [];
    const events = createPageEvents({
      query: async () => [
        { id: 1, url: 'http://127.0.0.1:8787/patient' },
        { id: 2, url: 'http://127.0.0.1:4000/article.html' },
        { id: 3, url: 'http://127.0.0.1:8787/desk' },
        { id: 4 },
      ],
      sendMessage: async (tabId, message) => {
        if (tabId === 3) throw new Error('Could not establish connection. Receiving end does not exist.');
        sent.push({ tabId, message });
      },
    });
    expect(await events.emit({ event: 'locked' }, ['http://127.0.0.1:8787'])).toBe(1);
    expect(sent).toEqual([{ tabId: 1, message: { type: 'page.event', event: { event: 'locked' } } }]);
    expect(await events.emit({ event: 'locked' }, [])).toBe(1 - 1);
  });

  it('tells of a wire revocation only once the revocation succeeded', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    let reply: Result<unknown> = { ok: false, error: { code: 'LOCKED', message: 'Unlock first.' } };
    const inner: Router = {
      route: async () => reply,
      stats: () => ({ handled: {}, refused: {} }),
      noteHandled: () => undefined,
    };
    const told: string[] = [];
    const router = watchWireRevocations(inner, (h) => told.push(h));
    const sender = { kind: 'extension-page' } as never;
    await router.route({ type: 'home.revoke', kind: 'wire', hash: hash.toUpperCase().replace('0X', '0x') }, sender);
    reply = { ok: true, data: {} };
    await router.route({ type: 'home.revoke', kind: 'mandate', hash }, sender);
    await router.route({ type: 'home.revoke', kind: 'wire', hash }, sender);
    await Promise.resolve();
    expect(told).toEqual([hash]);
  });
});
