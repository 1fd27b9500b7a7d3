import { HomeError, toWireError, type WireError } from '../../protocol/errors';
import { WireReply } from '../../protocol/messages';
import {
  describeIssues,
  PAGE_CHANNEL,
  PAGE_LIMITS,
  PageEventMessage,
  PageRequestEnvelope,
  PageRequestId,
  type PageEventEnvelope,
  type PageReplyEnvelope,
} from '../../protocol/page-envelope';
import type { PageRelay } from '../../protocol/page-provider';
import { payloadBytes } from '../payload';

/** What the isolated content script does with one `message` event on the page's window. */
export type PageMessageDecision =
  | { kind: 'ignore' }
  | { kind: 'refuse'; id: string; error: WireError }
  | { kind: 'relay'; id: string; relay: PageRelay };

/**
 * Decides about a window message, failing closed. Only a message posted by this very window (`event.source ===
 * window`: not another frame, not another tab's opener) carrying our channel tag is ours; anything else is ignored
 * without a word, since it may belong to another script. Ours is size-capped and schema-checked; a bad one is
 * answered with a refusal when it carries a usable id.
 */
export function decidePageMessage(event: { source: unknown; data: unknown }, win: unknown): PageMessageDecision {
  if (event.source !== win) return { kind: 'ignore' };
  const data = event.data;
  if (typeof data !== 'object' || data === null || (data as { channel?: unknown }).channel !== PAGE_CHANNEL.toContent) {
    return { kind: 'ignore' };
  }
  const id = PageRequestId.safeParse((data as { id?: unknown }).id);
  if (!id.success) return { kind: 'ignore' };
  if (payloadBytes(data, PAGE_LIMITS.payloadBytes) > PAGE_LIMITS.payloadBytes) {
    const error = new HomeError(
      'TOO_LARGE',
      `A page's request is larger than Home Agent accepts (${PAGE_LIMITS.payloadBytes} bytes).`,
    );
    return { kind: 'refuse', id: id.data, error: toWireError(error) };
  }
  const envelope = PageRequestEnvelope.safeParse(data);
  if (!envelope.success) {
    return {
      kind: 'refuse',
      id: id.data,
      error: toWireError(new HomeError('BAD_INPUT', describeIssues(envelope.error.issues))),
    };
  }
  const relay: PageRelay = { type: 'page.relay', method: envelope.data.method };
  if (envelope.data.params !== undefined) relay.params = envelope.data.params;
  return { kind: 'relay', id: envelope.data.id, relay };
}

/** The window surface the relay needs. */
export type RelayWindow = {
  addEventListener(type: 'message', listener: (event: { source: unknown; data: unknown }) => void): void;
  postMessage(message: PageReplyEnvelope | PageEventEnvelope, targetOrigin: string): void;
  location: { origin: string };
};

/**
 * Passes an event the background sent this tab (a locked Home, a revoked wire) to the page bridge. Only messages
 * from this extension's own background (no tab: not another content script) of the event shape are passed on.
 */
export function forwardPageEvent(
  win: RelayWindow,
  message: unknown,
  sender: { id?: string; tab?: unknown },
  extensionId: string,
): boolean {
  if (sender.id !== extensionId || sender.tab !== undefined) return false;
  const parsed = PageEventMessage.safeParse(message);
  if (!parsed.success) return false;
  win.postMessage(
    { channel: PAGE_CHANNEL.event, event: parsed.data.event },
    win.location.origin === 'null' ? '*' : win.location.origin,
  );
  return true;
}

/**
 * Relays the page bridge's requests to the background and posts each reply back to the page. The background, not
 * this script, decides what a page may do; it learns the page's origin from the browser, not from us.
 */
export function startPageRelay(win: RelayWindow, send: (relay: PageRelay) => Promise<unknown>): void {
  const target = win.location.origin === 'null' ? '*' : win.location.origin;
  const answer = (id: string, reply: PageReplyEnvelope['reply']) =>
    win.postMessage({ channel: PAGE_CHANNEL.toPage, id, reply }, target);
  win.addEventListener('message', (event) => {
    const decision = decidePageMessage(event, win);
    if (decision.kind === 'ignore') return;
    if (decision.kind === 'refuse') return answer(decision.id, { ok: false, error: decision.error });
    send(decision.relay).then(
      (raw) => {
        const reply = WireReply.safeParse(raw);
        answer(decision.id, reply.success ? reply.data : { ok: false, error: noAnswer() });
      },
      (error: unknown) => answer(decision.id, { ok: false, error: noAnswer(error) }),
    );
  });
}

/**
 * Why the background gave no answer, in words the page can show: Chrome's own errors tell an extension that was
 * updated, reloaded or disabled (this script is orphaned: only a reload helps) from a worker that stopped while the
 * request waited (a new one answers the next request: asking again helps).
 */
export function noAnswer(error?: unknown): WireError {
  const why = error instanceof Error ? error.message : '';
  if (/context invalidated/i.test(why)) {
    return {
      code: 'NO_ANSWER',
      message: 'Home Agent was updated, reloaded or turned off while this page was open. Reload the page.',
    };
  }
  if (/(message port|message channel) closed/i.test(why)) {
    return { code: 'NO_ANSWER', message: 'Home Agent restarted before it answered. Ask again.' };
  }
  return {
    code: 'NO_ANSWER',
    message: 'Home Agent did not answer; it may have been updated or disabled. Reload the page.',
  };
}
