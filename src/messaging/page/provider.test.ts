import { describe, expect, it } from 'vitest';
import { PAGE_CHANNEL } from '../../protocol/page-provider';
import { startPageRelay } from '../content/page-relay';
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

describe('window.homeAgent', () => {
  it('round-trips a request through the relay and resolves with the data', async () => {
    const { win, posted } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    startPageRelay(win, async (relay) => ({ ok: true, data: { method: relay.method } }));
    await expect(provider.request({ method: 'home_ping' })).resolves.toEqual({ method: 'home_ping' });
    expect(posted.every((p) => p.target === 'http://127.0.0.1:4000')).toBe(true);
  });

  it('rejects with { code, message } when the background refuses', async () => {
    const { win } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    startPageRelay(win, async () => ({ ok: false, error: { code: 'UNKNOWN_METHOD', message: 'No such method.' } }));
    await expect(provider.request({ method: 'home_ask' })).rejects.toMatchObject({
      code: 'UNKNOWN_METHOD',
      message: 'No such method.',
    });
  });

  it('refuses a malformed request locally, without posting anything', async () => {
    const { win, posted } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    await expect(provider.request({ method: 'not a method' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(provider.request(null as unknown as { method: string })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(posted).toEqual([]);
  });

  it('ignores replies posted from another window, or for an id it is not waiting on', async () => {
    const { win, fromElsewhere } = sharedWindow();
    const provider = createHomeAgentProvider(win, 'seed');
    let answer: (value: unknown) => void = () => undefined;
    const relayed = new Promise<void>((reached) =>
      startPageRelay(win, () => new Promise((resolve) => ((answer = resolve), reached()))),
    );
    const pending = provider.request({ method: 'home_ping' });
    fromElsewhere({ channel: PAGE_CHANNEL.toPage, id: 'seed-1', reply: { ok: true, data: 'forged' } });
    // Listening after the provider, this hears the stray reply only once the provider has heard it too.
    const strayHeard = new Promise<void>((heard) =>
      win.addEventListener('message', (event) => {
        if ((event.data as { id?: unknown } | null)?.id === 'seed-99') heard();
      }),
    );
    win.postMessage({ channel: PAGE_CHANNEL.toPage, id: 'seed-99', reply: { ok: true, data: 'stray' } }, '*');
    await Promise.all([relayed, strayHeard]);
    answer({ ok: true, data: 'real' });
    await expect(pending).resolves.toBe('real');
  });
});
