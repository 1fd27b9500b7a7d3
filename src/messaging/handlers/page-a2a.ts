import type { A2ATasks } from '../../home/a2a-tasks/tasks';
import {
  A2A_PAGE_REPLIES,
  PageCancelTaskRequest,
  PageGetTaskRequest,
  PageSendMessageRequest,
} from '../../protocol/a2a-task';
import { defineHandler } from '../handler';

export type A2ADeps = { tasks: () => Promise<A2ATasks> };

/**
 * A2A through `window.homeAgent` (src/home/a2a-tasks/tasks.ts): `SendMessage`, `GetTask` and `CancelTask` under A2A's
 * own method names and JSON shapes. The caller is the page's origin as the browser reported it, never a parameter;
 * the ask-as-me wire in the message's metadata stays the credential, and only the origin that created a task may
 * read or cancel it. Status updates reach the page as the provider's `taskStatusUpdate` event.
 */
export function pageA2AHandlers(deps: A2ADeps) {
  const caller = (origin: string) => ({ origin, door: 'page' as const });
  return [
    defineHandler({
      type: 'SendMessage',
      senders: ['page'],
      request: PageSendMessageRequest,
      reply: A2A_PAGE_REPLIES.SendMessage,
      handle: async ({ params }, sender) => (await deps.tasks()).sendMessage(params, caller(sender.origin)),
    }),
    defineHandler({
      type: 'GetTask',
      senders: ['page'],
      request: PageGetTaskRequest,
      reply: A2A_PAGE_REPLIES.GetTask,
      handle: async ({ params }, sender) => (await deps.tasks()).getTask(params, caller(sender.origin)),
    }),
    defineHandler({
      type: 'CancelTask',
      senders: ['page'],
      request: PageCancelTaskRequest,
      reply: A2A_PAGE_REPLIES.CancelTask,
      handle: async ({ params }, sender) => (await deps.tasks()).cancelTask(params, caller(sender.origin)),
    }),
  ];
}
