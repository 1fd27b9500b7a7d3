import { HomePingReply, HomePingRequest } from '../../protocol/page-provider';
import { defineHandler } from '../handler';

/** `home_ping` (page provider): Home Agent is here, and this is the origin it saw — the browser's, not the page's word. */
export function homePingHandler() {
  return defineHandler({
    type: 'home_ping',
    senders: ['page'],
    request: HomePingRequest,
    reply: HomePingReply,
    handle: (_request, sender) => ({ origin: sender.origin, agent: 'home-agent' as const }),
  });
}
