import type { PendingRequest, WorkerStatusReply } from '../../protocol/messages';
import type { RegisteredHandler } from '../handler';
import type { RouterStats } from '../router';
import { askHandler } from './ask';
import { homePingHandler } from './home-ping';
import { pendingListHandler } from './pending';
import { routerStatsHandler } from './router-stats';
import { workerStatusHandler } from './worker-status';

/** What the background's handlers need from the world; the background entry point wires the real ones. */
export type BackgroundDeps = {
  newId: () => string;
  worker: () => Promise<WorkerStatusReply>;
  pending: () => Promise<PendingRequest[]>;
  stats: () => RouterStats;
};

/**
 * Every handler of the background, one per message type. A new message type adds its schemas in src/protocol and
 * one line here; src/messaging/handlers/index.test.ts checks that the protocol and this list agree.
 */
export function backgroundHandlers(deps: BackgroundDeps): RegisteredHandler[] {
  return [
    askHandler(deps),
    pendingListHandler(deps),
    workerStatusHandler(deps),
    routerStatsHandler(deps),
    homePingHandler(),
  ];
}
