import { UnlockedSession, type SessionKeyStore } from '../../vault/keys/session-keys';

/** The part of chrome.storage.session this adapter uses (injectable so Node tests can drive it). */
export type ChromeSessionArea = {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string): Promise<void>;
  setAccessLevel(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
};

const SLOT = 'home-agent/unlocked-session';

/**
 * The unlocked key material in `chrome.storage.session` (DESIGN §10): in memory only, gone when the browser closes,
 * surviving a service-worker restart so a worker that wakes can sign. Access is pinned to TRUSTED_CONTEXTS so
 * content scripts can never read it. A value that fails its schema is cleared and read as locked (fail closed).
 * Call `restrict()` once at background start-up, before the first `set`.
 */
export function chromeSessionKeyStore(
  area: ChromeSessionArea = chrome.storage.session as unknown as ChromeSessionArea,
): SessionKeyStore & { restrict(): Promise<void> } {
  return {
    restrict: () => area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }),
    get: async () => {
      const stored = (await area.get(SLOT))[SLOT];
      if (stored === undefined || stored === null) return undefined;
      const parsed = UnlockedSession.safeParse(stored);
      if (parsed.success) return parsed.data;
      await area.remove(SLOT);
      return undefined;
    },
    set: async (session) => {
      await area.set({ [SLOT]: UnlockedSession.parse(session) });
    },
    clear: () => area.remove(SLOT),
  };
}
