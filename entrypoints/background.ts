import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { backgroundHandlers } from '../src/messaging/handlers';
import { listenForMessages } from '../src/messaging/listen';
import { wireOverlayTriggers } from '../src/messaging/overlay-triggers';
import { createRegistry } from '../src/messaging/registry';
import { createRouter, type Router } from '../src/messaging/router';
import { recordWorkerStart } from '../src/messaging/worker-start';
import { openVault } from '../src/vault/db';

/**
 * The person's agent: one router for every channel, wired to the vault. Everything here runs synchronously at
 * start (MV3 wakes a stopped worker for an event and delivers it only to listeners added in the first turn);
 * the vault opens in the background and handlers that need it await it.
 */
export default defineBackground(() => {
  const startId = crypto.randomUUID();
  const worker = openVault().then((vault) => recordWorkerStart(vault, { startId, now: Date.now() }));
  worker.catch((error: unknown) => console.error('Home Agent could not open its vault:', error));

  const deps = {
    newId: () => crypto.randomUUID(),
    worker: () => worker,
    pending: async () => [],
    stats: () => router.stats(),
  };
  const router: Router = createRouter(createRegistry(backgroundHandlers(deps)));
  const self = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
  listenForMessages(browser.runtime.onMessage, router, self);
  wireOverlayTriggers(browser);
});
