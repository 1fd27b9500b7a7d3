import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { backgroundHandlers } from '../src/messaging/handlers';
import { listenForMessages } from '../src/messaging/listen';
import { listenForAskStreams } from '../src/messaging/ask-stream';
import { listenForConsentKeepalives } from '../src/messaging/consent-keepalive';
import { wireOverlayTriggers } from '../src/messaging/overlay-triggers';
import { createRegistry } from '../src/messaging/registry';
import { createRouter, type Router } from '../src/messaging/router';
import { createPageEvents, watchWireRevocations } from '../src/messaging/page-events';
import { recordWorkerStart } from '../src/messaging/worker-start';
import { openVault } from '../src/vault/db';
import { createVault } from '../src/vault/vault';
import { chromeSessionKeyStore } from '../src/adapters/session-store.chrome';
import { wireAutoLock } from '../src/messaging/handlers/home-auto-lock';
import { createWorkerHome } from '../src/messaging/handlers/home-worker';
import { createWorkerAgent } from '../src/agent/worker-agent';
import { keyringKeys } from '../src/agent/accounts';
import { chromeConnections } from '../src/adapters/app-connections.chrome';
import { heartcoachAgents } from '../src/adapters/heartcoach-agent';
import type { AppServices } from '../src/apps/heartcoach/app-services';
import { ConsentQueue } from '../src/apps/heartcoach/consents';

/**
 * The person's agent: one router for every channel, wired to the vault. Everything here runs synchronously at
 * start (MV3 wakes a stopped worker for an event and delivers it only to listeners added in the first turn);
 * the vault opens in the background and handlers that need it await it.
 */
export default defineBackground(() => {
  const startId = crypto.randomUUID();
  const db = openVault();
  const worker = db.then((vault) => recordWorkerStart(vault, { startId, now: Date.now() }));
  worker.catch((error: unknown) => console.error('Home Agent could not open its vault:', error));

  // Apps the person connected (HeartCoach): their sessions, and the consent window's queue (issue 8).
  const connections = chromeConnections();
  const consents = new ConsentQueue({ newId: () => crypto.randomUUID(), now: () => Date.now() });
  // The person's agent, built on the Home's one vault, keyring and chain (src/agent/worker-agent.ts).
  const agent = createWorkerAgent(() => home, { agents: (vault) => heartcoachAgents({ vault, store: connections }) });
  const deps = {
    newId: () => crypto.randomUUID(),
    worker: () => worker,
    pending: () => agent.signatureRequests(self.origin),
    stats: () => router.stats(),
    home: () => home,
    agent: () => agent.get(),
    apps: () => apps,
  };
  const session = chromeSessionKeyStore();
  const home = Promise.all([db, session.restrict()]).then(([vault]) =>
    createWorkerHome({
      vault: createVault(vault),
      session,
      canReach: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
      pendingCount: async () => (await deps.pending()).filter((r) => r.kind === 'sign').length,
      newId: () => crypto.randomUUID(),
      onReload: () => agent.reload(),
      // The overlay's "Open the side panel" (the person's click in that tab): replies are read there, not in the page.
      openSidePanel: (tabId) =>
        browser.sidePanel.open({ tabId }).then(
          () => true,
          () => false,
        ),
    }),
  );
  // Pages of apps the person connected or gave a wire hear `locked` and `wireRevoked` (src/messaging/page-events.ts).
  const pageEvents = createPageEvents(browser.tabs);
  const appOrigins = async () => {
    const given = (await (await home).vault.wires.list({ direction: 'given' })).rows.map((w) => w.origin);
    return [...new Set([...given, ...(await connections.list()).map((c) => c.origin)])];
  };
  const apps: Promise<AppServices> = Promise.all([home, connections.restrict()]).then(([h]) => {
    // Consent does not survive lock: every request still waiting in the consent window is declined.
    h.keyring.onLock(() => void consents.declineAll('your Home was locked before you answered'));
    h.keyring.onLock(() => void appOrigins().then((origins) => pageEvents.emit({ event: 'locked' }, origins)));
    return {
      parts: {
        vault: h.vault,
        chain: () => h.chain(),
        keys: keyringKeys(h.keyring),
        store: connections,
        fetch: (input, init) => fetch(input, init),
        now: () => Date.now(),
      },
      consents,
      openConsent: async (id) =>
        void (await browser.windows.create({
          url: browser.runtime.getURL(`/consent.html?id=${encodeURIComponent(id)}` as '/consent.html'),
          type: 'popup',
          width: 460,
          height: 720,
          focused: true,
        })),
      agent: () => agent.get(),
    };
  });
  wireAutoLock(browser.alarms, deps.home);
  const router: Router = watchWireRevocations(
    createRouter(createRegistry(backgroundHandlers(deps))),
    (hash) =>
      void home
        .then((h) => h.vault.wires.get(hash))
        .then((wire) => (wire === undefined ? 0 : pageEvents.emit({ event: 'wireRevoked', hash }, [wire.origin]))),
  );
  const self = { id: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin };
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
});
