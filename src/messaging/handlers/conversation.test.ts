import { describe, expect, it } from 'vitest';
import { createWorkerHome } from '../../home/open-home';
import type { HomeServices } from '../../home/services';
import { memorySessionKeyStore } from '../../vault/keys/session-keys';
import { openTestVault, TEST_KDF } from '../../vault/testing/open';
import { createMemoryChainStateStore, openEmbeddedChain, type WalletChain } from '../../wallet';
import { createRegistry } from '../registry';
import { createRouter } from '../router';
import type { SenderContext } from '../sender';
import { conversationHandlers } from './conversation';

/**
 * The side panel's conversation kept in the vault per session, through the real router over the real vault: added
 * entry by entry in order, read again as a panel reopening reads it, each session apart, cleared by the person; the
 * overlay (inside a web page) may neither read nor keep one, and an entry that is not one is refused in words.
 */
const PANEL: SenderContext = { kind: 'extension-page', origin: 'chrome-extension://home' };
const OVERLAY: SenderContext = { kind: 'overlay-frame', origin: 'chrome-extension://home', tabId: 1, frameId: 3 };
const OWN = 'sidepanel:own';
const MISSIO = 'sidepanel:0x00000000000000000000000000000000000111e5';

async function background() {
  const vault = await openTestVault();
  let chain: Promise<WalletChain> | undefined;
  const base = createWorkerHome({
    vault,
    session: memorySessionKeyStore(),
    canReach: async () => false,
    kdf: TEST_KDF,
    pendingCount: async () => 0,
    newId: () => crypto.randomUUID(),
    onReload: () => undefined,
  });
  const home: HomeServices = {
    ...base,
    chain: () => (chain ??= openEmbeddedChain({ store: createMemoryChainStateStore() })),
  };
  const router = createRouter(createRegistry(conversationHandlers({ home: () => Promise.resolve(home) })));
  return (message: unknown, from: SenderContext = PANEL) => router.route(message, from);
}

const refused = { from: 'agent', response: { runRef: 'r-1', nonsense: true } };

describe('the conversation kept in the vault', () => {
  it('keeps each entry in order per session, finds them again, and forgets them on Clear', async () => {
    const route = await background();
    const said = [
      { from: 'you', words: 'Who are my contacts?' },
      { from: 'error', error: { code: 'NO_OWNER', message: 'This Home holds no person yet.' } },
      { from: 'stopped' },
    ];
    for (const entry of said) await route({ type: 'agent.conversation.add', session: OWN, entry });
    await route({ type: 'agent.conversation.add', session: MISSIO, entry: { from: 'you', words: 'Who is in it?' } });
    expect(await route({ type: 'agent.conversation.get', session: OWN })).toEqual({
      ok: true,
      data: { entries: said },
    });
    expect(await route({ type: 'agent.conversation.clear', session: OWN })).toEqual({
      ok: true,
      data: { cleared: 3 },
    });
    expect(await route({ type: 'agent.conversation.get', session: OWN })).toEqual({ ok: true, data: { entries: [] } });
    // Another session's conversation is its own.
    expect(await route({ type: 'agent.conversation.get', session: MISSIO })).toMatchObject({
      data: { entries: [{ words: 'Who is in it?' }] },
    });
  });

  it('refuses the overlay, a made-up session and an entry that is not one, in words', async () => {
    const route = await background();
    const add = { type: 'agent.conversation.add', session: OWN, entry: { from: 'you', words: 'hello' } };
    expect(await route(add, OVERLAY)).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    expect(await route({ type: 'agent.conversation.get', session: OWN }, OVERLAY)).toMatchObject({ ok: false });
    expect(await route({ ...add, session: 'somebody-else' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/a conversation session/) },
    });
    expect(await route({ ...add, entry: refused })).toMatchObject({ ok: false });
    expect(await route({ type: 'agent.conversation.get', session: OWN })).toEqual({ ok: true, data: { entries: [] } });
  });
});
