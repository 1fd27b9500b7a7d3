import { describeZodError, type WireError } from '../../protocol/errors';
import {
  PAGE_CHANNEL,
  PageReplyEnvelope,
  PageRequestEnvelope,
  type PageProviderError,
} from '../../protocol/page-provider';

/** `window.homeAgent`: the EIP-1193-style provider a web page calls. */
export type HomeAgentProvider = {
  readonly isHomeAgent: true;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
};

/** The window surface the provider needs (the page's own, in the MAIN world). */
export type ProviderWindow = {
  addEventListener(type: 'message', listener: (event: { source: unknown; data: unknown }) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  location: { origin: string };
};

function providerError(error: WireError): PageProviderError {
  const failure = new Error(error.message) as PageProviderError;
  failure.code = error.code;
  if (error.details !== undefined) failure.details = error.details;
  return failure;
}

/**
 * Builds `window.homeAgent`. Each request is posted to this window under our channel tag and settles when the
 * content script posts the background's reply with the same id; errors reject as `{ code, message }`. Ids need
 * not be secret (the page could read them anyway): they only pair a reply with its request.
 */
export function createHomeAgentProvider(win: ProviderWindow, seed: string): HomeAgentProvider {
  const pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: PageProviderError) => void }>();
  let counter = 0;
  const target = win.location.origin === 'null' ? '*' : win.location.origin;

  win.addEventListener('message', (event) => {
    if (event.source !== win) return;
    const parsed = PageReplyEnvelope.safeParse(event.data);
    if (!parsed.success) return;
    const waiting = pending.get(parsed.data.id);
    if (waiting === undefined) return;
    pending.delete(parsed.data.id);
    const reply = parsed.data.reply;
    if (reply.ok) waiting.resolve(reply.data);
    else waiting.reject(providerError(reply.error));
  });

  return Object.freeze({
    isHomeAgent: true as const,
    request(args: { method: string; params?: unknown }) {
      counter += 1;
      const id = `${seed}-${counter}`;
      const method = typeof args === 'object' && args !== null ? args.method : undefined;
      const params = typeof args === 'object' && args !== null ? args.params : undefined;
      const envelope = PageRequestEnvelope.safeParse(
        params === undefined
          ? { channel: PAGE_CHANNEL.toContent, id, method }
          : { channel: PAGE_CHANNEL.toContent, id, method, params },
      );
      if (!envelope.success) {
        return Promise.reject(providerError({ code: 'BAD_INPUT', message: describeZodError(envelope.error) }));
      }
      return new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        win.postMessage(envelope.data, target);
      });
    },
  });
}
