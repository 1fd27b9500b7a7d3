import { describe, expect, it, vi } from 'vitest';
import { PAGE_CHANNEL, PAGE_LIMITS, type PageRelay } from '../../protocol/page-provider';
import { decidePageMessage, noAnswer, startPageRelay, type RelayWindow } from './page-relay';

const win = { name: 'the page window' };
const request = { channel: PAGE_CHANNEL.toContent, id: 'r-1', method: 'home_ping' };

/** A window whose postMessage is recorded and whose message listener the test fires by hand. */
function fakeWindow() {
  const posted: unknown[] = [];
  let listener: ((event: { source: unknown; data: unknown }) => void) | undefined;
  const window: RelayWindow = {
    addEventListener: (_type, l) => (listener = l),
    postMessage: (message) => posted.push(message),
    location: { origin: 'http://127.0.0.1:4000' },
  };
  return { window, posted, fire: (source: unknown, data: unknown) => listener?.({ source, data }) };
}

describe('the content script deciding about window messages', () => {
  it('relays a well-formed request from this window', () => {
    expect(decidePageMessage({ source: win, data: { ...request, params: [] } }, win)).toEqual({
      kind: 'relay',
      id: 'r-1',
      relay: { type: 'page.relay', method: 'home_ping', params: [] },
    });
  });

  it('ignores, without a word, messages from another window, without our channel, or without a usable id', () => {
    expect(decidePageMessage({ source: { name: 'an iframe' }, data: request }, win)).toEqual({ kind: 'ignore' });
    expect(decidePageMessage({ source: null, data: request }, win)).toEqual({ kind: 'ignore' });
    expect(decidePageMessage({ source: win, data: { type: 'page.relay', method: 'home_ping' } }, win)).toEqual({
      kind: 'ignore',
    });
    expect(decidePageMessage({ source: win, data: { ...request, channel: PAGE_CHANNEL.toPage } }, win)).toEqual({
      kind: 'ignore',
    });
    expect(decidePageMessage({ source: win, data: { ...request, id: '../x' } }, win)).toEqual({ kind: 'ignore' });
    expect(decidePageMessage({ source: win, data: 'home_ping' }, win)).toEqual({ kind: 'ignore' });
  });

  it('refuses ours when it is too large or of the wrong shape', () => {
    const big = decidePageMessage(
      { source: win, data: { ...request, params: { pad: 'x'.repeat(PAGE_LIMITS.payloadBytes) } } },
      win,
    );
    expect(big).toMatchObject({ kind: 'refuse', id: 'r-1', error: { code: 'TOO_LARGE' } });
    const extra = decidePageMessage({ source: win, data: { ...request, origin: 'https://bank.example' } }, win);
    expect(extra).toMatchObject({ kind: 'refuse', id: 'r-1', error: { code: 'BAD_INPUT' } });
  });
});

describe('the page relay', () => {
  it('sends the relay to the background and posts its reply back to this origin only', async () => {
    const { window, posted, fire } = fakeWindow();
    const send = vi.fn(async (_relay: PageRelay) => ({
      ok: true,
      data: { origin: 'http://127.0.0.1:4000', agent: 'home-agent' },
    }));
    startPageRelay(window, send);
    fire(window, request);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(send).toHaveBeenCalledWith({ type: 'page.relay', method: 'home_ping' });
    expect(posted[0]).toEqual({
      channel: PAGE_CHANNEL.toPage,
      id: 'r-1',
      reply: { ok: true, data: { origin: 'http://127.0.0.1:4000', agent: 'home-agent' } },
    });
  });

  it('never sends what it ignores or refuses, and answers a refusal itself', async () => {
    const { window, posted, fire } = fakeWindow();
    const send = vi.fn(async () => ({ ok: true, data: null }));
    startPageRelay(window, send);
    fire({ name: 'an iframe' }, request);
    fire(window, { ...request, method: 'not a method!' });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(send).not.toHaveBeenCalled();
    expect(posted[0]).toMatchObject({ id: 'r-1', reply: { ok: false, error: { code: 'BAD_INPUT' } } });
  });

  it('turns a malformed or missing background reply into NO_ANSWER', async () => {
    const { window, posted, fire } = fakeWindow();
    const replies = [Promise.resolve({ ok: 'yes' }), Promise.reject(new Error('Extension context invalidated.'))];
    startPageRelay(window, () => replies.shift() as Promise<unknown>);
    fire(window, request);
    fire(window, { ...request, id: 'r-2' });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map((p) => (p as { reply: { error: { code: string } } }).reply.error.code)).toEqual([
      'NO_ANSWER',
      'NO_ANSWER',
    ]);
    expect((posted[1] as { reply: { error: { message: string } } }).reply.error.message).toBe(
      'Home Agent was updated, reloaded or turned off while this page was open. Reload the page.',
    );
  });

  it('tells a worker that stopped while the request waited (ask again) from an extension that went away (reload)', () => {
    const closed = new Error(
      'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
    );
    expect(noAnswer(closed).message).toBe('Home Agent restarted before it answered. Ask again.');
    expect(noAnswer(new Error('The message port closed before a response was received.')).message).toBe(
      'Home Agent restarted before it answered. Ask again.',
    );
    expect(noAnswer(new Error('Extension context invalidated.')).message).toMatch(/Reload the page\.$/);
    expect(noAnswer('odd').message).toMatch(/did not answer/);
  });
});
