import type { AppServices } from '../apps/heartcoach/app-services';
import { cabinetGrantsPort } from '../apps/heartcoach/cabinet-grants';
import type { ConnectionStore } from '../apps/heartcoach/connections';
import { ConsentQueue } from '../apps/heartcoach/consents';
import { heartcoachAgents } from '../apps/heartcoach/heartcoach-agent';
import { keyringKeys } from '../agent/accounts';
import { createA2ATasks } from '../home/a2a-tasks/tasks';
import { createWorkerHome } from '../home/open-home';
import type { HomeServices } from '../home/services';
import type { BackgroundDeps } from '../messaging/handlers';
import type { RouterStats } from '../messaging/router';
import { createPageEvents, type PageEventTabs } from '../messaging/page-events';
import { recordWorkerStart } from '../messaging/worker-start';
import type { VaultDb } from '../vault/db';
import type { SessionKeyStore } from '../vault/keys/session-keys';
import { createVault } from '../vault/vault';
import { createWorkerAgent, type WorkerAgent } from './worker-agent';

/**
 * What the background worker takes from the browser (entrypoints/background.ts passes the real ones): everything
 * else — the Home's one vault, keyring and chain, the person's agent on them, and HeartCoach registered as the
 * outside agent with its cabinet grants and consent window — is composed here, once, so there is one place that
 * says what the worker is made of.
 */
export type WorkerParts = {
  db: Promise<VaultDb>;
  /** chrome.storage.session, restricted to trusted contexts by `restrict()`. */
  session: SessionKeyStore & { restrict(): Promise<void> };
  /** The apps the person connected (HeartCoach), in chrome.storage.local. */
  connections: ConnectionStore & { restrict(): Promise<void> };
  startId: string;
  /** The extension's own origin (what the popup's request list names). */
  origin: () => string;
  canReach(origin: string): Promise<boolean>;
  openSidePanel(tabId: number): Promise<boolean>;
  openConsent(id: string): Promise<void>;
  stats: () => RouterStats;
  newId: () => string;
  now: () => number;
  fetch: typeof fetch;
  /** The browser's tabs: pages of apps the person connected hear `locked` and `wireRevoked`. */
  tabs: PageEventTabs;
  /** Told when runs waiting for a signature were settled outside a message (declined by a lock). */
  onPendingChanged?: () => void;
};

export type ComposedWorker = {
  deps: BackgroundDeps;
  consents: ConsentQueue;
  home: Promise<HomeServices>;
  agent: WorkerAgent;
  /** Tells the revoked wire's own origin (src/messaging/page-events.ts); the router's watcher calls it. */
  onWireRevoked(hash: `0x${string}`): void;
  /** The person signed, declined or resumed a run: an A2A task fronting it moves on (src/messaging/task-settlements.ts). */
  onRunMoved(runRef: string): void;
};

export function composeWorker(parts: WorkerParts): ComposedWorker {
  const worker = parts.db.then((vault) => recordWorkerStart(vault, { startId: parts.startId, now: parts.now() }));
  worker.catch((error: unknown) => console.error('Home Agent could not open its vault:', error));

  // Apps the person connected (HeartCoach): their sessions, and the consent window's queue.
  const { connections } = parts;
  const consents = new ConsentQueue({ newId: parts.newId, now: parts.now });
  // The person's agent, built on the Home's one vault, keyring and chain; HeartCoach is its one outside agent.
  const agent = createWorkerAgent(() => home, {
    agents: (vault) => heartcoachAgents({ vault, store: connections }),
    grants: (vault) => cabinetGrantsPort(vault).grants,
    onDeclinedOnLock: () => parts.onPendingChanged?.(),
  });
  const pending = () => agent.signatureRequests(parts.origin());
  const home = Promise.all([parts.db, parts.session.restrict()]).then(([db]) =>
    createWorkerHome({
      vault: createVault(db),
      session: parts.session,
      canReach: parts.canReach,
      pendingCount: async () => (await pending()).filter((r) => r.kind === 'sign').length,
      newId: parts.newId,
      onReload: () => agent.reload(),
      // The overlay's "Open the side panel" (the person's click in that tab): replies are read there, not in the page.
      openSidePanel: parts.openSidePanel,
    }),
  );
  // Pages of apps the person connected or gave a wire hear `locked` and `wireRevoked` (src/messaging/page-events.ts).
  const pageEvents = createPageEvents(parts.tabs);
  const appOrigins = async () => {
    const given = (await (await home).vault.wires.list({ direction: 'given' })).rows.map((w) => w.origin);
    return [...new Set([...given, ...(await connections.list()).map((c) => c.origin)])];
  };
  const onWireRevoked = (hash: `0x${string}`) =>
    void home
      .then((h) => h.vault.wires.get(hash))
      .then((wire) => (wire === undefined ? 0 : pageEvents.emit({ event: 'wireRevoked', hash }, [wire.origin])));
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
        fetch: parts.fetch,
        now: parts.now,
      },
      consents,
      openConsent: parts.openConsent,
      agent: () => agent.get(),
    };
  });
  // The person's agent in A2A's terms: a task's status updates reach the page that created it, and only that page.
  const tasks = createA2ATasks({ agent: () => agent.get(), newId: parts.newId });
  tasks.subscribe((update, origin) => void pageEvents.emit({ event: 'taskStatusUpdate', ...update }, [origin]));
  const onRunMoved = (runRef: string) =>
    void tasks.settle(runRef).catch((error: unknown) => console.error('Home Agent could not update a task:', error));
  const deps: BackgroundDeps = {
    newId: parts.newId,
    worker: () => worker,
    pending,
    stats: parts.stats,
    home: () => home,
    agent: () => agent.get(),
    apps: () => apps,
    tasks: async () => tasks,
  };
  return { deps, consents, home, agent, onWireRevoked, onRunMoved };
}
