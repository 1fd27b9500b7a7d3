import type { ConsentQueue } from '../apps/heartcoach/consents';
import { describeZodError, toWireError, type WireError } from '../protocol/errors';
import type { AskStreamPort, ConnectEvent } from './ask-stream';
import {
  CONSENT_KEEPALIVE_PREFIX,
  CONSENT_PING_BYTES,
  ConsentKeepaliveNotice,
  ConsentPing,
  consentIdOfPort,
} from './consent-keepalive-messages';
import { payloadBytes } from './payload';
import { classifySender, type ExtensionSelf, type RuntimeSender } from './sender';

/**
 * The background's half of the consent window's keepalive (./consent-keepalive-messages.ts). It accepts a Port only
 * from Home Agent's own consent window showing that very request (`consent.html?id=<id>`, by the browser's record of
 * the sender), only while the request waits, and only pings on it; anything else is refused in words and the Port
 * closed. When the request ends — approved and done, declined, locked, timed out — the window is told how, and the
 * Port closed, so the worker is kept awake no longer than a person is being asked.
 */
export type ConsentKeepaliveDeps = {
  consents: Pick<ConsentQueue, 'watch'>;
  /** Told of every ping accepted: the router's spy counts them, so the e2e tests can see the window pinging. */
  handled?: (type: 'consent.ping') => void;
};

/** Must be called synchronously when the worker starts, like the message listener. */
export function listenForConsentKeepalives(
  onConnect: ConnectEvent,
  deps: ConsentKeepaliveDeps,
  self: ExtensionSelf,
): void {
  onConnect.addListener((port) => {
    if (port.name.startsWith(CONSENT_KEEPALIVE_PREFIX)) serveConsentKeepalive(port, deps, self);
  });
}

const NOT_THE_WINDOW: WireError = {
  code: 'SENDER_NOT_ALLOWED',
  message: 'Only Home Agent’s own consent window may keep a request waiting for you.',
};
const GONE: WireError = {
  code: 'CONSENT_GONE',
  message: 'That request is no longer waiting: it was answered, declined, or your Home was locked.',
};

/** Is this sender the consent window for request `id`? Its URL is the extension's `consent.html?id=<id>`. */
function isConsentWindowFor(sender: RuntimeSender, id: string): boolean {
  try {
    const url = new URL(sender.url ?? '');
    return url.pathname === '/consent.html' && url.searchParams.get('id') === id;
  } catch {
    return false;
  }
}

export function serveConsentKeepalive(port: AskStreamPort, deps: ConsentKeepaliveDeps, self: ExtensionSelf): void {
  let open = true;
  let unwatch: (() => void) | undefined = undefined;
  const end = (notice: ConsentKeepaliveNotice) => {
    if (!open) return;
    open = false;
    unwatch?.();
    try {
      port.postMessage(ConsentKeepaliveNotice.parse(notice));
      port.disconnect();
    } catch {
      // The window closed in the meantime: there is no one left to tell.
    }
  };
  const refuse = (error: WireError) => end({ type: 'consent.refused', error });
  port.onDisconnect.addListener(() => {
    open = false;
    unwatch?.();
  });

  const id = consentIdOfPort(port.name);
  if (id === undefined)
    return refuse({
      code: 'BAD_INPUT',
      message: 'That keepalive does not name a request Home Agent could be waiting on.',
    });
  try {
    const sender = classifySender(port.sender ?? {}, self);
    if (sender.kind !== 'extension-page' || !isConsentWindowFor(port.sender ?? {}, id)) return refuse(NOT_THE_WINDOW);
  } catch (error) {
    return refuse(toWireError(error));
  }
  unwatch = deps.consents.watch(id, (outcome) =>
    end({ type: 'consent.ended', ok: outcome.ok, summary: outcome.summary.slice(0, 1000) }),
  );
  if (unwatch === undefined) return refuse(GONE);

  port.onMessage.addListener((raw) => {
    if (!open) return;
    if (payloadBytes(raw, CONSENT_PING_BYTES) > CONSENT_PING_BYTES) {
      return refuse({
        code: 'TOO_LARGE',
        message: `A keepalive ping is larger than Home Agent accepts (${CONSENT_PING_BYTES} bytes).`,
      });
    }
    const ping = ConsentPing.safeParse(raw);
    if (!ping.success) return refuse({ code: 'BAD_INPUT', message: describeZodError(ping.error) });
    deps.handled?.('consent.ping');
  });
}
