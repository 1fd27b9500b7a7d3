import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { chromeSessionKeyStore } from '../src/adapters/chrome/session-store';
import { chromeConnections } from '../src/apps/heartcoach/connections-chrome';
import { backgroundHandlers } from '../src/messaging/handlers';
import { listenForMessages } from '../src/messaging/listen';
import { listenForAskStreams } from '../src/messaging/ask-stream';
import { listenForConsentKeepalives } from '../src/messaging/consent-keepalive';
import { wireOverlayTriggers } from '../src/messaging/overlay-triggers';
import { wireSidePanelCommand } from '../src/messaging/side-panel-command';
import { createRegistry } from '../src/messaging/registry';
import { createRouter, type Router } from '../src/messaging/router';
import { wireAutoLock } from '../src/home/auto-lock';
import { watchWireRevocations } from '../src/messaging/page-events';
import { watchRunSettlements } from '../src/messaging/task-settlements';
import { openVault } from '../src/vault/db';
import { composeWorker } from '../src/worker/compose-worker';

/**
 * The person's agent: one router for every channel, over the worker composed in src/worker/compose-worker.ts. This
 * file only hands it the browser's parts. Everything here runs synchronously at start (MV3 wakes a stopped worker
 * for an event and delivers it only to listeners added in the first turn); the vault opens in the background and
 * handlers that need it await it.
 */
export default defineBackground(() => {
  const self = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
  const { deps, consents, onWireRevoked, onRunMoved } = composeWorker({
    db: openVault(),
    session: chromeSessionKeyStore(),
    connections: chromeConnections(),
    startId: crypto.randomUUID(),
    origin: () => self.origin,
    canReach: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
    openSidePanel: (tabId) =>
      browser.sidePanel.open({ tabId }).then(
        () => true,
        () => false,
      ),
    openConsent: async (id) =>
      void (await browser.windows.create({
        url: browser.runtime.getURL(`/consent.html?id=${encodeURIComponent(id)}` as '/consent.html'),
        type: 'popup',
        width: 460,
        height: 720,
        focused: true,
      })),
    stats: () => router.stats(),
    newId: () => crypto.randomUUID(),
    now: () => Date.now(),
    fetch: (input, init) => fetch(input, init),
    tabs: browser.tabs,
  });
  wireAutoLock(browser.alarms, deps.home);
  const routed = watchWireRevocations(createRouter(createRegistry(backgroundHandlers(deps))), onWireRevoked);
  const router: Router = watchRunSettlements(routed, onRunMoved);
  listenForMessages(browser.runtime.onMessage, router, self);
  // A streamed ask (the side panel's answer as it is written, and its Stop) over a Port: src/messaging/ask-stream.ts.
  listenForAskStreams(browser.runtime.onConnect, { ...deps, handled: (type) => router.noteHandled(type) }, self);
  // The consent window keeps the worker (and the request in its memory) awake while the person reads it.
  listenForConsentKeepalives(
    browser.runtime.onConnect,
    { consents, handled: (type) => router.noteHandled(type) },
    self,
  );
  wireOverlayTriggers(browser);
  wireSidePanelCommand(browser);
});
