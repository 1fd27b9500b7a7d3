import { fromThisExtension, PendingChanged, RunReplied } from '../protocol/faces-broadcast';

/** The part of `chrome.runtime` a face listens on (a fake in unit tests). */
export type RuntimeMessages = {
  id: string;
  onMessage: {
    addListener(listener: (message: unknown, sender: { id?: string }) => void): void;
    removeListener(listener: (message: unknown, sender: { id?: string }) => void): void;
  };
};

/**
 * Calls `changed` whenever what waits for the person may have changed elsewhere: the background says the requests
 * waiting for a signature changed (`pending.changed`), or another face says a run moved on (`run.replied`: the popup
 * signed, declined, sent again or dropped one — a kept question too, which no badge counts). Only from this
 * extension, only a notice that parses. Display only — the face reads what waits again by itself. Returns how to
 * stop listening.
 */
export function watchPendingChanges(runtime: RuntimeMessages, changed: () => void): () => void {
  const listener = (message: unknown, sender: { id?: string }) => {
    if (!fromThisExtension(sender, runtime.id)) return;
    if (PendingChanged.safeParse(message).success || RunReplied.safeParse(message).success) changed();
  };
  runtime.onMessage.addListener(listener);
  return () => runtime.onMessage.removeListener(listener);
}
