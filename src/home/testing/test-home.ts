import { createMemoryChainStateStore, openEmbeddedChain, type WalletChain } from '../../wallet';
import { memorySessionKeyStore } from '../../vault/keys/session-keys';
import { openTestVault, TEST_KDF, type TestVault } from '../../vault/testing/open';
import { createRegistry } from '../../messaging/registry';
import { createRouter } from '../../messaging/router';
import type { SenderContext } from '../../messaging/sender';
import { homeHandlers } from '../../messaging/handlers/home';
import type { HomeServices } from '../services';
import { createWorkerHome } from '../open-home';

export const PANEL: SenderContext = { kind: 'extension-page', origin: 'chrome-extension://home' };
/** The overlay's conversation frame: an extension page inside a web page's tab, with none of the Home's privileges. */
export const OVERLAY: SenderContext = {
  kind: 'overlay-frame',
  origin: 'chrome-extension://home',
  tabId: 1,
  frameId: 3,
};

type Wire = { ok: true; data: never } | { ok: false; error: { code: string; message: string } };

/**
 * A Home over a real vault (fake-indexeddb), the real keyring (cheap test KDF), a memory session and — when asked —
 * the real embedded chain: the handlers behind the real router, called as the options page calls them.
 */
export async function testHome(
  options: { reachable?: (origin: string) => boolean; chain?: boolean; vault?: TestVault } = {},
) {
  const vault = options.vault ?? (await openTestVault());
  const pending = new Set<string>();
  const reloads: string[] = [];
  let ids = 0;
  let chain: WalletChain | undefined;
  const base = createWorkerHome({
    vault,
    session: memorySessionKeyStore(),
    canReach: async (origin) => (options.reachable ?? (() => false))(origin),
    pendingCount: async () => pending.size,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    kdf: TEST_KDF,
    onReload: (reason) => void reloads.push(reason),
  });
  const home: HomeServices = {
    ...base,
    chain: async () =>
      (chain ??= await openEmbeddedChain({ store: createMemoryChainStateStore(), clock: () => vault.clock.now() })),
  };
  // The agent's pending queue, as it will register itself: every lock rejects what it holds.
  home.keyring.onLock(() => pending.clear());
  const router = createRouter(createRegistry(homeHandlers({ home: async () => home })));
  const send = async (message: Record<string, unknown>, sender: SenderContext = PANEL) =>
    (await router.route(message, sender)) as Wire;
  /** Sends and returns the data, or throws the refusal's code and words (so a test names what it expects). */
  const call = async <T = Record<string, unknown>>(message: Record<string, unknown>): Promise<T> => {
    const reply = await send(message);
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.data as T;
  };
  return { vault, home, send, call, pending, reloads, router };
}
