import { describeZodError, fail, HomeError, type Result } from '../protocol/errors';
import { BROADCAST_TYPES, MESSAGE_LIMITS } from '../protocol/messages/index';
import { PAGE_LIMITS, PageRelay } from '../protocol/page-provider';
import { bridgeOrigins, type BridgeOrigins } from './page/bridge-origins';
import type { HandlerRegistry } from './registry';
import { describeKinds, describeSender, type SenderContext } from './sender';
import { payloadBytes } from './payload';

/** Counts of handler runs and refusals in this worker instance: the spy the e2e tests read. */
export type RouterStats = { handled: Record<string, number>; refused: Record<string, number> };

export type Router = {
  /**
   * Routes one message from a classified sender. Resolves to the reply, or returns undefined when the message is a
   * broadcast between extension pages that the background must leave for its addressee.
   */
  route(message: unknown, sender: SenderContext): Promise<Result<unknown>> | undefined;
  stats(): RouterStats;
  /** Counts a request a handler ran outside `route` (a streamed ask over a Port), so the spy sees every ask. */
  noteHandled(type: string): void;
};

function typeOf(message: unknown): unknown {
  return typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
}

/**
 * The background's one router. In order: the payload cap, the page-relay unwrap (a content script relaying a page
 * makes the sender a `page` with the content script's own origin), the handler for the type, the sender rule,
 * then the handler's schema — so a message that is too large, unknown, from the wrong sender or of the wrong shape
 * never reaches a handler, and each refusal is a WireError in words. A relay is answered only from a page the bridge
 * is registered for (`pageOrigins`: loopback, and the apps the person connected).
 */
export function createRouter(registry: HandlerRegistry, pageOrigins: BridgeOrigins = bridgeOrigins()): Router {
  const stats: RouterStats = { handled: {}, refused: {} };
  const refuse = (error: HomeError): Result<never> => {
    stats.refused[error.code] = (stats.refused[error.code] ?? 0) + 1;
    return fail(error);
  };

  async function dispatch(message: unknown, sender: SenderContext): Promise<Result<unknown>> {
    const size = payloadBytes(message, MESSAGE_LIMITS.payloadBytes);
    if (size > MESSAGE_LIMITS.payloadBytes) {
      return refuse(
        new HomeError(
          'TOO_LARGE',
          `The message is larger than Home Agent accepts (${MESSAGE_LIMITS.payloadBytes} bytes).`,
        ),
      );
    }
    let type = typeOf(message);
    let request = message;
    let from = sender;
    if (type === 'page.relay') {
      if (sender.kind !== 'content-script') {
        return refuse(
          new HomeError(
            'SENDER_NOT_ALLOWED',
            `Only Home Agent's content script relays a page's requests; this came from ${describeSender(sender)}.`,
          ),
        );
      }
      if (size > PAGE_LIMITS.payloadBytes) {
        return refuse(
          new HomeError(
            'TOO_LARGE',
            `A page's request is larger than Home Agent accepts (${PAGE_LIMITS.payloadBytes} bytes).`,
          ),
        );
      }
      const relay = PageRelay.safeParse(message);
      if (!relay.success) return refuse(new HomeError('BAD_INPUT', describeZodError(relay.error)));
      if (!/^https?:\/\//.test(sender.origin)) {
        return refuse(
          new HomeError('PAGE_ORIGIN_UNKNOWN', 'Home Agent answers only pages with an http or https origin.'),
        );
      }
      if (!(await pageOrigins(sender.origin))) {
        return refuse(
          new HomeError(
            'PAGE_ORIGIN_NOT_ALLOWED',
            `Home Agent answers only this computer's own pages and the apps you connected; ${sender.origin.slice(0, 120)} is neither, so it may not ask Home Agent anything.`,
          ),
        );
      }
      type = relay.data.method;
      request = relay.data.params === undefined ? { type } : { type, params: relay.data.params };
      from = { ...sender, kind: 'page' };
    }
    const handler = typeof type === 'string' ? registry.get(type) : undefined;
    if (handler === undefined) {
      const what = typeof type === 'string' ? `"${type.slice(0, 64)}"` : 'a message without a type';
      return from.kind === 'page'
        ? refuse(
            new HomeError(
              'UNKNOWN_METHOD',
              `Home Agent has no method ${what}. A page may call home_ping, home_connect, home_grantAskAsMe and home_ask.`,
            ),
          )
        : refuse(new HomeError('UNKNOWN_TYPE', `The background does not answer ${what}.`));
    }
    if (!handler.senders.includes(from.kind)) {
      return refuse(
        new HomeError(
          'SENDER_NOT_ALLOWED',
          `"${handler.type}" is open only to ${describeKinds(handler.senders)}; this came from ${describeSender(from)}.`,
        ),
      );
    }
    const { ran, reply } = await handler.run(request, from);
    if (ran) stats.handled[handler.type] = (stats.handled[handler.type] ?? 0) + 1;
    if (!reply.ok && !ran) stats.refused[reply.error.code] = (stats.refused[reply.error.code] ?? 0) + 1;
    return reply;
  }

  return {
    route(message, sender) {
      const type = typeOf(message);
      // The overlay's frame tells the side panel of its replies (run.replied) as the popup does.
      const page = sender.kind === 'extension-page' || sender.kind === 'overlay-frame';
      if (page && typeof type === 'string' && BROADCAST_TYPES.has(type)) return undefined;
      return dispatch(message, sender);
    },
    stats: () => ({ handled: { ...stats.handled }, refused: { ...stats.refused } }),
    noteHandled: (type) => void (stats.handled[type] = (stats.handled[type] ?? 0) + 1),
  };
}
