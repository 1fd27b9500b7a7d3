import { describe, expect, it } from 'vitest';
import { PAGE_CHANNEL } from '../../protocol/page-envelope';
import { PROVIDER_CODES } from '../../protocol/provider-errors';
import { forwardPageEvent, startPageRelay } from '../content/page-relay';
import { createHomeAgentProvider, type ProviderWindow } from './provider';

/**
 * One window shared by the provider (MAIN world) and the relay (isolated world), as in a real tab: postMessage
 * delivers to every listener with `source` = this window, asynchronously.
 */
function sharedWindow(origin = 'http://127.0.0.1:4000') {
  const listeners: ((event: { source: unknown; data: unknown }) => void)[] = [];
  const posted: { message: unknown; target: string }[] = [];
  const win: ProviderWindow = {
    addEventListener: (_type, listener) => listeners.push(listener),
    postMessage(message, target) {
      posted.push({ message, target });
      const data = structuredClone(message);
      queueMicrotask(() => listeners.forEach((l) => l({ source: win, data })));
    },
    location: { origin },
  };
  const fromElsewhere = (data: unknown) => listeners.forEach((l) => l({ source: { name: 'another frame' }, data }));
  return { win, posted, fromElsewhere };
}

const refusal = (code: string, message: string) => async () => ({ ok: false, error: { code, message } });
const nextEvent = (
  provider: ReturnType<typeof createHomeAgentProvider>,
  name: 'connect' | 'disconnect' | 'locked' | 'wireRevoked' | 'taskStatusUpdate',
) =>
  new Promise<unknown>((resolve) => {
    const once = (payload: unknown) => {
      provider.removeListener(name, once);
      resolve(payload);
    };
    provider.on(name, once);
  });

describe('window.homeAgent', () => {
  it('round-trips a request through the relay and resolves with the data', async () => {
    const { win, posted } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    startPageRelay(win, async (relay) => ({ ok: true, data: { method: relay.method } }));
    await expect(provider.request({ method: 'home_ping' })).resolves.toEqual({ method: 'home_ping' });
    expect(posted.every((p) => p.target === 'http://127.0.0.1:4000')).toBe(true);
  });

  it.each([
    ['DECLINED', PROVIDER_CODES.userRejected, 4001],
    ['WIRE_EXPIRED', PROVIDER_CODES.unauthorized, 4100],
    ['ASSERTION_REPLAYED', PROVIDER_CODES.unauthorized, 4100],
    ['LOCKED', PROVIDER_CODES.unauthorized, 4100],
    ['UNKNOWN_METHOD', PROVIDER_CODES.unsupportedMethod, 4200],
    ['NO_ANSWER', PROVIDER_CODES.disconnected, 4900],
    ['BAD_INPUT', PROVIDER_CODES.invalidParams, -32602],
    ['INTERNAL', PROVIDER_CODES.internal, -32603],
    ['APP_UNREACHABLE', PROVIDER_CODES.refused, -32000],
  ])('rejects a %s refusal with EIP-1193 code %i, our words, and our code in data', async (code, numeric, literal) => {
    expect(numeric).toBe(literal);
    const { win } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    startPageRelay(win, refusal(code, 'In words.'));
    const error = await provider.request({ method: 'home_ask' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: literal, message: 'In words.', data: { code, message: 'In words.' } });
  });

  it('does not answer eth_requestAccounts as a wallet would: 4200, Home Agent is not an Ethereum provider', async () => {
    const { win } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    startPageRelay(win, refusal('UNKNOWN_METHOD', 'Home Agent has no method "eth_requestAccounts".'));
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4200,
      data: { code: 'UNKNOWN_METHOD' },
    });
  });

  it('refuses a malformed request locally (-32602), without posting anything', async () => {
    const { win, posted } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    await expect(provider.request({ method: 'not a method' })).rejects.toMatchObject({
      code: -32602,
      data: { code: 'BAD_INPUT', message: expect.stringMatching(/^The input was refused — method: a method name/) },
    });
    await expect(provider.request(null as unknown as { method: string })).rejects.toMatchObject({ code: -32602 });
    expect(posted).toEqual([]);
  });

  it('ignores replies posted from another window, or for an id it is not waiting on', async () => {
    const { win, fromElsewhere } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    let answer: (value: unknown) => void = () => undefined;
    const relayed = new Promise<void>((ready) =>
      startPageRelay(
        win,
        () =>
          new Promise((resolve) => {
            answer = resolve;
            ready();
          }),
      ),
    );
    const pending = provider.request({ method: 'home_ping' });
    await relayed;
    fromElsewhere({ channel: PAGE_CHANNEL.toPage, id: 'seed-1', reply: { ok: true, data: 'forged' } });
    // Listening after the provider, this hears the stray reply only once the provider has heard it too.
    const strayHeard = new Promise<void>((heard) =>
      win.addEventListener('message', (event) => {
        if ((event.data as { id?: unknown } | null)?.id === 'seed-99') heard();
      }),
    );
    win.postMessage({ channel: PAGE_CHANNEL.toPage, id: 'seed-99', reply: { ok: true, data: 'stray' } }, '*');
    await strayHeard;
    answer({ ok: true, data: 'real' });
    await expect(pending).resolves.toBe('real');
  });

  it('emits connect on the first answer, disconnect (4900) when Home Agent stops answering, connect again after', async () => {
    const { win } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    let reply: unknown = { ok: true, data: 'pong' };
    startPageRelay(win, async () => reply);
    const seen: string[] = [];
    provider
      .on('connect', () => seen.push('connect'))
      .on('disconnect', (e) => seen.push(`disconnect ${(e as { code: number }).code}`));
    const connected = nextEvent(provider, 'connect');
    await provider.request({ method: 'home_ping' });
    await expect(connected).resolves.toEqual({ agent: 'home-agent' });
    await provider.request({ method: 'home_ping' });
    reply = { ok: false, error: { code: 'NO_ANSWER', message: 'Home Agent did not answer.' } };
    await expect(provider.request({ method: 'home_ping' })).rejects.toMatchObject({ code: 4900 });
    reply = { ok: true, data: 'pong' };
    await provider.request({ method: 'home_ping' });
    expect(seen).toEqual(['connect', 'disconnect 4900', 'connect']);
  });

  it('passes the background’s locked and wireRevoked events to listeners, and removeListener stops them', async () => {
    const { win } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    const extension = { id: 'ext' };
    const locked = nextEvent(provider, 'locked');
    expect(forwardPageEvent(win, { type: 'page.event', event: { event: 'locked' } }, extension, 'ext')).toBe(true);
    await expect(locked).resolves.toEqual({});
    const hash = `0x${'ab'.repeat(32)}`;
    const revoked = nextEvent(provider, 'wireRevoked');
    forwardPageEvent(win, { type: 'page.event', event: { event: 'wireRevoked', hash } }, extension, 'ext');
    await expect(revoked).resolves.toEqual({ hash });
    // A2A's TaskStatusUpdateEvent, as the background tells the page that created the task.
    const status = { state: 'TASK_STATE_COMPLETED', timestamp: '2026-12-02T17:00:00.000Z' };
    const updated = nextEvent(provider, 'taskStatusUpdate');
    const update = { event: 'taskStatusUpdate', taskId: 't-1', contextId: 'c-1', status };
    forwardPageEvent(win, { type: 'page.event', event: update }, extension, 'ext');
    await expect(updated).resolves.toEqual({ taskId: 't-1', contextId: 'c-1', status });
    const bad = { type: 'page.event', event: { ...update, status: { state: 'done' } } };
    expect(forwardPageEvent(win, bad, extension, 'ext')).toBe(false);
    const calls: unknown[] = [];
    const listener = (p: unknown) => calls.push(p);
    provider.on('locked', listener).removeListener('locked', listener);
    const after = nextEvent(provider, 'locked');
    forwardPageEvent(win, { type: 'page.event', event: { event: 'locked' } }, extension, 'ext');
    await after;
    expect(calls).toEqual([]);
  });

  it('lets only this extension’s background send events, of the known shapes; refuses unknown event names', () => {
    const { win, posted } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    const event = { type: 'page.event', event: { event: 'locked' } };
    expect(forwardPageEvent(win, event, { id: 'other-extension' }, 'ext')).toBe(false);
    expect(forwardPageEvent(win, event, { id: 'ext', tab: { id: 3 } }, 'ext')).toBe(false); // a content script
    expect(forwardPageEvent(win, { type: 'page.event', event: { event: 'unlocked' } }, { id: 'ext' }, 'ext')).toBe(
      false,
    );
    expect(posted).toEqual([]);
    expect(() => provider.on('accountsChanged' as never, () => undefined)).toThrow(/has no event "accountsChanged"/);
  });
});
