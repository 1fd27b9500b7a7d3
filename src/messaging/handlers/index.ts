import type { PendingRequest, WorkerStatusReply } from '../../protocol/messages/index';
import type { RegisteredHandler } from '../handler';
import type { RouterStats } from '../router';
import type { AppsDeps } from '../../apps/heartcoach/app-services';
import { agentHandlers, type AgentDeps } from './agent';
import { appHandlers } from '../../apps/heartcoach/home-handlers';
import { askHandler } from './ask';
import { conversationHandlers } from './conversation';
import { homeHandlers, type HomeDeps } from './home';
import { homePingHandler } from './home-ping';
import { overlayMaterialHandlers } from './overlay-material';
import { pageA2AHandlers, type A2ADeps } from './page-a2a';
import { pageAppHandlers } from './page-apps';
import { pendingListHandler } from './pending';
import { routerStatsHandler } from './router-stats';
import { workerStatusHandler } from './worker-status';

/** What the background's handlers need from the world; the background entry point wires the real ones. */
export type BackgroundDeps = {
  newId: () => string;
  worker: () => Promise<WorkerStatusReply>;
  pending: () => Promise<PendingRequest[]>;
  stats: () => RouterStats;
} & HomeDeps &
  AgentDeps &
  AppsDeps &
  A2ADeps;

/**
 * Every handler of the background, one per message type. To add one (ask, sign, resume, lock, grants, …):
 *   1. its request and reply schemas in src/protocol/messages/index.ts (listed in ExtensionRequest and
 *      EXTENSION_REPLIES), or for a page method in src/protocol/page-provider.ts (PageRequest, PAGE_REPLIES);
 *   2. a file here exporting `xHandler(deps)` = `defineHandler({ type, senders, request, reply, handle })`, with
 *      the narrowest `senders` that work (a page method is `['page']`; signing is `['extension-page']`);
 *   3. one line below, and any new dependency in BackgroundDeps (wired in entrypoints/background.ts).
 * index.test.ts fails until the protocol and this list agree; the router does the rest (caps, sender, schema).
 */
export function backgroundHandlers(deps: BackgroundDeps): RegisteredHandler[] {
  return [
    askHandler(deps),
    pendingListHandler(deps),
    workerStatusHandler(deps),
    routerStatsHandler(deps),
    homePingHandler(),
    ...homeHandlers(deps),
    ...agentHandlers(deps),
    ...conversationHandlers(deps),
    ...appHandlers(deps),
    ...pageAppHandlers(deps),
    ...pageA2AHandlers(deps),
    ...overlayMaterialHandlers(),
  ];
}
