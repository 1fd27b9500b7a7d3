import { RouterStatsReply, RouterStatsRequest } from '../../protocol/messages/index';
import { defineHandler } from '../handler';
import type { RouterStats } from '../router';

/** `router.stats`: how often each handler ran and each refusal happened since this worker started. */
export function routerStatsHandler(deps: { stats: () => RouterStats }) {
  return defineHandler({
    type: 'router.stats',
    senders: ['extension-page'],
    request: RouterStatsRequest,
    reply: RouterStatsReply,
    handle: () => deps.stats(),
  });
}
