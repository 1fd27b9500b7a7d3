import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { chromeSessionKeyStore, type ChromeSessionArea } from './session-store';

/**
 * chrome.storage.session exists only in Chromium (the e2e suite uses the real one). Here WXT's fake browser stands
 * in for the storage area — it serialises values as JSON, as Chrome does — and setAccessLevel, which it does not
 * implement, is recorded so the test can see the adapter pins TRUSTED_CONTEXTS.
 */
function area(): ChromeSessionArea & { levels: string[] } {
  const levels: string[] = [];
  const session = fakeBrowser.storage.session;
  return {
    levels,
    get: (key) => session.get(key),
    set: (items) => session.set(items),
    remove: (key) => session.remove(key),
    setAccessLevel: async ({ accessLevel }) => {
      levels.push(accessLevel);
    },
  };
}

const unlocked = {
  keys: [
    {
      id: 'owner',
      purpose: 'owner' as const,
      address: '0x00000000000000000000000000000000000000aa' as const,
      privateKey: `0x${'11'.repeat(32)}`,
    },
  ],
  unlockedAt: 1,
  lastActiveAt: 2,
};

describe('chrome.storage.session key store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('pins trusted contexts, stores, reads back and clears', async () => {
    const storage = area();
    const store = chromeSessionKeyStore(storage);
    await store.restrict();
    expect(storage.levels).toEqual(['TRUSTED_CONTEXTS']);
    expect(await store.get()).toBeUndefined();
    await store.set(unlocked);
    expect(await store.get()).toEqual(unlocked);
    await store.clear();
    expect(await store.get()).toBeUndefined();
  });

  it('reads a damaged value as locked and removes it', async () => {
    const storage = area();
    await storage.set({ 'home-agent/unlocked-session': { keys: [{ privateKey: 'oops' }] } });
    const store = chromeSessionKeyStore(storage);
    expect(await store.get()).toBeUndefined();
    expect(await storage.get('home-agent/unlocked-session')).toEqual({ 'home-agent/unlocked-session': undefined });
  });
});
