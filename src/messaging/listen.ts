import { fail, type Result } from '../protocol/errors';
import type { Router } from './router';
import { classifySender, type ExtensionSelf, type RuntimeSender } from './sender';

/** The part of `browser.runtime.onMessage` the router listens on (a fake in unit tests). */
export type MessageEvent = {
  addListener(
    listener: (
      message: unknown,
      sender: RuntimeSender,
      sendResponse: (reply: Result<unknown>) => void,
    ) => boolean | undefined,
  ): void;
};

/**
 * Connects the router to the runtime's message event. Must be called synchronously when the worker starts, so a
 * message that wakes a stopped worker finds its listener. Returns `true` (keep the channel open) only for messages
 * the background answers; broadcasts between extension pages are left unanswered for their addressee.
 */
export function listenForMessages(onMessage: MessageEvent, router: Router, self: ExtensionSelf): void {
  onMessage.addListener((message, runtimeSender, sendResponse) => {
    let pending: Promise<Result<unknown>> | undefined;
    try {
      pending = router.route(message, classifySender(runtimeSender, self));
    } catch (error) {
      sendResponse(fail(error));
      return undefined;
    }
    if (pending === undefined) return undefined;
    pending.then(sendResponse, (error: unknown) => sendResponse(fail(error)));
    return true;
  });
}
