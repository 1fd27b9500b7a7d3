import { PendingListReply, PendingListRequest, type PendingRequest } from '../../protocol/messages/index';
import { defineHandler } from '../handler';

/** `pending.list`: requests waiting for the person (signatures, approvals); the popup shows them. */
export function pendingListHandler(deps: { pending: () => Promise<PendingRequest[]> }) {
  return defineHandler({
    type: 'pending.list',
    senders: ['extension-page'],
    request: PendingListRequest,
    reply: PendingListReply,
    handle: async () => ({ requests: await deps.pending() }),
  });
}
