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
import { createSignatureBadge, watchSignatureRequests } from '../src/messaging/signature-badge';
import { createRegistry } from '../src/messaging/registry';
import { bridgeOrigins } from '../src/messaging/page/bridge-origins';
import { createRouter, type Router } from '../src/messaging/router';
import { wireAutoLock } from '../src/home/auto-lock';
import { watchWireRevocations } from '../src/messaging/page-events';
import { watchRunSettlements } from '../src/messaging/task-settlements';
import { openVault } from '../src/vault/db';
import { composeWorker } from '../src/worker/compose-worker';
import type { PendingChanged } from '../src/protocol/faces-broadcast';

/**
 * The person's agent: one router for every channel, over the worker composed in src/worker/compose-worker.ts. This
 * file only hands it the browser's parts. Everything here runs synchronously at start (MV3 wakes a stopped worker
 * for an event and delivers it only to listeners added in the first turn); the vault opens in the background and
 * handlers that need it await it.
 */
export default defineBackground(() => {
  const self = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
  const connections = chromeConnections();
  const { deps, consents, onWireRevoked, onRunMoved } = composeWorker({
    db: openVault(),
    session: chromeSessionKeyStore(),
    connections,
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
    onPendingChanged: () => void badge.refresh(),
  });
  // The toolbar badge counts the requests waiting for a signature; an app's new request also raises a notification.
  const badge = createSignatureBadge(
    {
      action: browser.action,
      notifications: browser.notifications,
      i18n: browser.i18n,
      announce: (count) => {
        const notice: PendingChanged = { type: 'pending.changed', count };
        void browser.runtime.sendMessage(notice).catch(() => undefined); // no face open: nobody to tell
      },
    },
    async () => (await deps.pending()).map((r) => ({ id: r.id, summary: r.summary })),
    browser.runtime.getURL('/icon/128.png'),
  );
  void badge.refresh();
  wireAutoLock(browser.alarms, deps.home);
  const routed = watchWireRevocations(
    createRouter(
      createRegistry(backgroundHandlers(deps)),
      bridgeOrigins(async () => (await connections.list()).map((c) => c.origin)),
    ),
    onWireRevoked,
  );
  const router: Router = watchSignatureRequests(watchRunSettlements(routed, onRunMoved), badge.refresh);
  listenForMessages(browser.runtime.onMessage, router, self);
  // A streamed ask (the side panel's answer as it is written, and its Stop) over a Port: src/messaging/ask-stream.ts.
  listenForAskStreams(
    browser.runtime.onConnect,
    { ...deps, handled: (type) => router.noteHandled(type), settled: () => void badge.refresh() },
    self,
  );
  // The consent window keeps the worker (and the request in its memory) awake while the person reads it.
  listenForConsentKeepalives(
    browser.runtime.onConnect,
    { consents, handled: (type) => router.noteHandled(type) },
    self,
  );
  wireOverlayTriggers(browser);
  wireSidePanelCommand(browser);
});
