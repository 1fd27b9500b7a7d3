import {
  describeIssues,
  PAGE_CHANNEL,
  PageEventEnvelope,
  PageReplyEnvelope,
  PageRequestEnvelope,
} from '../../protocol/page-envelope';
import { PROVIDER_CODES, providerError, type ProviderRpcError } from '../../protocol/provider-errors';
import { createProviderEmitter, type ProviderEventName, type ProviderListener } from './provider-events';

/** `window.homeAgent`: an EIP-1193 provider for Home Agent's own methods (not an Ethereum provider). */
export type HomeAgentProvider = {
  readonly isHomeAgent: true;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: ProviderEventName, listener: ProviderListener): HomeAgentProvider;
  removeListener(event: ProviderEventName, listener: ProviderListener): HomeAgentProvider;
  off(event: ProviderEventName, listener: ProviderListener): HomeAgentProvider;
};

/** The window surface the provider needs (the page's own, in the MAIN world). */
export type ProviderWindow = {
  addEventListener(type: 'message', listener: (event: { source: unknown; data: unknown }) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
  location: { origin: string };
};

/**
 * Builds `window.homeAgent`. Each request is posted to this window under our channel tag and settles when the
 * content script posts the background's reply with the same id; a refusal rejects as an EIP-1193 ProviderRpcError
 * (numeric `code`, our words, our string code in `data.code`). Ids need not be secret (the page could read them
 * anyway): they only pair a reply with its request.
 *
 * Events: `connect` ({ agent }) when the first answer from the background arrives, and again after a disconnect;
 * `disconnect` (a 4900 error) when Home Agent stopped answering; `locked` ({}) and `wireRevoked` ({ hash }) when the
 * background says so. Events are notifications, never authority: a page script can post the same shapes.
 */
export function createHomeAgentProvider(win: ProviderWindow, seed: string): HomeAgentProvider {
  const pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: ProviderRpcError) => void }>();
  const emitter = createProviderEmitter();
  let counter = 0;
  let connected = false;
  const target = win.location.origin === 'null' ? '*' : win.location.origin;

  const answered = (error?: ProviderRpcError) => {
    if (error?.code === PROVIDER_CODES.disconnected) {
      if (connected) emitter.emit('disconnect', error);
      connected = false;
    } else if (!connected) {
      connected = true;
      emitter.emit('connect', { agent: 'home-agent' });
    }
  };

  win.addEventListener('message', (event) => {
    if (event.source !== win) return;
    const notice = PageEventEnvelope.safeParse(event.data);
    if (notice.success) {
      const { event: name, ...payload } = notice.data.event;
      return emitter.emit(name, payload);
    }
    const parsed = PageReplyEnvelope.safeParse(event.data);
    if (!parsed.success) return;
    const waiting = pending.get(parsed.data.id);
    if (waiting === undefined) return;
    pending.delete(parsed.data.id);
    const reply = parsed.data.reply;
    if (reply.ok) {
      answered();
      waiting.resolve(reply.data);
    } else {
      const error = providerError(reply.error);
      answered(error);
      waiting.reject(error);
    }
  });

  const provider: HomeAgentProvider = Object.freeze({
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
        return Promise.reject(providerError({ code: 'BAD_INPUT', message: describeIssues(envelope.error.issues) }));
      }
      return new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        win.postMessage(envelope.data, target);
      });
    },
    on(event: ProviderEventName, listener: ProviderListener) {
      emitter.on(event, listener);
      return provider;
    },
    removeListener(event: ProviderEventName, listener: ProviderListener) {
      emitter.removeListener(event, listener);
      return provider;
    },
    off(event: ProviderEventName, listener: ProviderListener) {
      emitter.removeListener(event, listener);
      return provider;
    },
  });
  return provider;
}
