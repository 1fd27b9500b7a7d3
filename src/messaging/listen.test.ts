import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../protocol/errors';
import { listenForMessages, type MessageEvent } from './listen';
import type { Router } from './router';
import type { RuntimeSender } from './sender';

const self = { id: 'ext', origin: 'chrome-extension://ext' };
type Listener = Parameters<MessageEvent['addListener']>[0];

function setup(route: Router['route']) {
  let listener: Listener | undefined;
  listenForMessages(
    { addListener: (l) => (listener = l) },
    { route, stats: () => ({ handled: {}, refused: {} }), noteHandled: () => undefined },
    self,
  );
  return (message: unknown, sender: RuntimeSender) => {
    const sendResponse = vi.fn<(reply: Result<unknown>) => void>();
    const keepOpen = listener?.(message, sender, sendResponse);
    return { keepOpen, sendResponse };
  };
}

describe('listening on runtime.onMessage', () => {
  it('keeps the channel open and answers what the router answers', async () => {
    const deliver = setup(async () => ({ ok: true, data: 'pong' }));
    const { keepOpen, sendResponse } = deliver(
      { type: 'x' },
      { id: 'ext', url: 'chrome-extension://ext/sidepanel.html' },
    );
    expect(keepOpen).toBe(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ ok: true, data: 'pong' }));
  });

  it('leaves a broadcast unanswered so the page it is meant for can answer', () => {
    const deliver = setup(() => undefined);
    const { keepOpen, sendResponse } = deliver(
      { type: 'pending.changed' },
      { id: 'ext', url: 'chrome-extension://ext/popup.html' },
    );
    expect(keepOpen).toBeUndefined();
    expect(sendResponse).not.toHaveBeenCalled();
  });

  it('refuses a sender it cannot classify without routing it', () => {
    const route = vi.fn<Router['route']>();
    const deliver = setup(route);
    const { sendResponse } = deliver(
      { type: 'x' },
      { id: 'another-extension', url: 'chrome-extension://other/x.html' },
    );
    expect(route).not.toHaveBeenCalled();
    expect(sendResponse).toHaveBeenCalledWith({
      ok: false,
      error: expect.objectContaining({ code: 'FOREIGN_SENDER' }),
    });
  });
});
