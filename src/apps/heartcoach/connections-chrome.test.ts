import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppConnection } from './connections';
import {
  chromeConnections,
  UNRESTRICTED,
  type ChromeLocalArea,
  type ChromeSessionTokenArea,
} from './connections-chrome';

/**
 * HeartCoach's access and refresh tokens live in chrome.storage.session, closed to content scripts; the connection
 * alone in chrome.storage.local. WXT's fake browser stands in for both areas (it serialises as Chrome does); it does
 * not implement setAccessLevel, which the test records or makes fail.
 */
const local: ChromeLocalArea = {
  get: (k) => fakeBrowser.storage.local.get(k),
  set: (i) => fakeBrowser.storage.local.set(i),
};
function sessionArea(fails = false): ChromeSessionTokenArea & { levels: string[] } {
  const levels: string[] = [];
  return {
    levels,
    get: (k) => fakeBrowser.storage.session.get(k),
    set: (i) => fakeBrowser.storage.session.set(i),
    setAccessLevel: async ({ accessLevel }) => {
      if (fails) throw new Error('Access level not supported');
      levels.push(accessLevel);
    },
  };
}
const connection: AppConnection = {
  origin: 'http://127.0.0.1:8787',
  name: 'HeartCoach',
  agent: `0x${'ab'.repeat(20)}`,
  cardDigest: `0x${'cd'.repeat(32)}`,
  connectedAt: 1,
  session: {
    accessToken: 'access-token-secret',
    accessExpiresAt: 2,
    refreshToken: 'refresh-token-secret',
    refreshExpiresAt: 3,
    subject: `0x${'ef'.repeat(20)}`,
  },
};

describe('connected apps in Chrome storage', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps the tokens in session storage pinned to trusted contexts, never in local storage', async () => {
    const session = sessionArea();
    const store = chromeConnections(local, session);
    await store.restrict();
    await store.put(connection);
    expect(session.levels).toEqual(['TRUSTED_CONTEXTS']);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toMatch(/token-secret/);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toMatch(/refresh-token-secret/);
    expect(await store.get(connection.origin)).toEqual(connection);
    expect(await store.list()).toEqual([connection]);
  });

  it('a failed access-level call is an error in words, and no token is kept or read', async () => {
    const store = chromeConnections(local, sessionArea(true));
    await expect(store.restrict()).rejects.toMatchObject({ code: 'SESSION_UNRESTRICTED', message: UNRESTRICTED });
    expect(UNRESTRICTED).toMatch(/HeartCoach stays signed out/);
    await expect(store.put(connection)).rejects.toMatchObject({ code: 'SESSION_UNRESTRICTED' });
    await store.put({ ...connection, session: null });
    expect(await store.get(connection.origin)).toEqual({ ...connection, session: null });
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toMatch(/token-secret/);
  });
});
