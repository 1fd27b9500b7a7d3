import { describe, expect, it } from 'vitest';
import { memorySessionKeyStore } from '../vault/keys/session-keys';
import { openTestVault, TEST_KDF } from '../vault/testing/open';
import { createRegistry } from '../messaging/registry';
import { createRouter } from '../messaging/router';
import { homeHandlers } from '../messaging/handlers/home';
import { AUTO_LOCK_ALARM, wireAutoLock } from './auto-lock';
import { OVERLAY, PANEL } from './testing/test-home';
import { createWorkerHome } from './open-home';

async function home(openSidePanel?: (tabId: number) => Promise<boolean>) {
  const vault = await openTestVault();
  return createWorkerHome({
    vault,
    session: memorySessionKeyStore(),
    canReach: async () => false,
    pendingCount: async () => 0,
    newId: () => 'id',
    kdf: TEST_KDF,
    ...(openSidePanel === undefined ? {} : { openSidePanel }),
  });
}

describe("the overlay's side-panel button", () => {
  it("opens the panel for the sending tab only — the tab comes from the browser's sender record", async () => {
    const opened: number[] = [];
    const services = await home(async (tabId) => (opened.push(tabId), true));
    const router = createRouter(createRegistry(homeHandlers({ home: async () => services })));
    expect(await router.route({ type: 'home.sidepanel.open' }, { ...OVERLAY, tabId: 42 })).toEqual({
      ok: true,
      data: { opened: true },
    });
    expect(opened).toEqual([42]);
    expect(await router.route({ type: 'home.sidepanel.open', tabId: 7 }, OVERLAY)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
    expect(await router.route({ type: 'home.sidepanel.open' }, PANEL)).toMatchObject({
      ok: false,
      error: { code: 'SENDER_NOT_ALLOWED' },
    });
  });

  it('says it could not open the panel where the browser refuses', async () => {
    const services = await home();
    const router = createRouter(createRegistry(homeHandlers({ home: async () => services })));
    expect(await router.route({ type: 'home.sidepanel.open' }, OVERLAY)).toEqual({ ok: true, data: { opened: false } });
  });
});

describe('the auto-lock alarm', () => {
  it('checks every minute and locks once the person has been idle for the minutes they set', async () => {
    const services = await home();
    const vault = services.vault as Awaited<ReturnType<typeof openTestVault>>;
    await services.keyring.create('passphrase 1234', [
      { id: 'owner', purpose: 'owner', privateKey: `0x${'11'.repeat(32)}` },
    ]);
    await services.keyring.unlock('passphrase 1234');
    await vault.settings.set('lock.autoLockMinutes', 5);
    let listener: ((alarm: { name: string }) => Promise<void> | void) | undefined;
    const created: { name: string; info: unknown }[] = [];
    wireAutoLock(
      { create: (name, info) => void created.push({ name, info }), onAlarm: { addListener: (l) => (listener = l) } },
      async () => services,
    );
    expect(created).toEqual([{ name: AUTO_LOCK_ALARM, info: { periodInMinutes: 1, delayInMinutes: 1 } }]);

    const fire = async () => {
      await listener?.({ name: AUTO_LOCK_ALARM });
    };
    vault.clock.advance(4 * 60_000);
    await fire();
    expect(await services.keyring.session()).toBeDefined();
    vault.clock.advance(60_000);
    await fire();
    expect(await services.keyring.session()).toBeUndefined();
  });
});
