import { WorkerStatusReply, WorkerStatusRequest } from '../../protocol/messages/index';
import { defineHandler } from '../handler';

/** `worker.status`: this worker instance's start id and the previous one's, read back from the vault. */
export function workerStatusHandler(deps: { worker: () => Promise<WorkerStatusReply> }) {
  return defineHandler({
    type: 'worker.status',
    senders: ['extension-page'],
    request: WorkerStatusRequest,
    reply: WorkerStatusReply,
    handle: () => deps.worker(),
  });
}
