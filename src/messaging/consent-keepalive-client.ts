import type { WireError } from '../protocol/errors';
import {
  CONSENT_PING_MS,
  ConsentKeepaliveNotice,
  consentKeepaliveName,
  type ConsentPing,
} from './consent-keepalive-messages';

/** The parts of a `chrome.runtime.Port` the consent window uses (a fake in unit tests). */
export type KeepalivePort = {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};

/** What the window hears: how its request ended, a refusal in words, or the background gone without a word. */
export type KeepaliveEvents = {
  ended(notice: { ok: boolean; summary: string }): void;
  refused(error: WireError): void;
  /** The Port dropped with nothing said: the worker stopped (Chrome may stop it anyway) or the extension reloaded. */
  lost(): void;
};

export type KeepaliveTimers = {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};
const realTimers: KeepaliveTimers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Keeps the worker awake while the consent window shows request `id`: opens the keepalive Port and pings on it now
 * and every CONSENT_PING_MS until the background closes it (the request ended), the window stops it, or the Port
 * drops. Returns `stop`. Nothing the background says here decides anything: the window still decides by its id.
 */
export function holdConsentOpen(
  connect: (info: { name: string }) => KeepalivePort,
  id: string,
  events: KeepaliveEvents,
  timers: KeepaliveTimers = realTimers,
): () => void {
  let heard = false;
  let stopped = false;
  let seq = 0;
  const port = connect({ name: consentKeepaliveName(id) });
  const ping = () => {
    seq = (seq + 1) % 1_000_000;
    const message: ConsentPing = { type: 'consent.ping', seq };
    try {
      port.postMessage(message);
    } catch {
      // The Port is gone; its onDisconnect says so.
    }
  };
  const timer = timers.setInterval(ping, CONSENT_PING_MS);
  port.onMessage.addListener((raw) => {
    const notice = ConsentKeepaliveNotice.safeParse(raw);
    if (!notice.success || stopped) return;
    heard = true;
    if (notice.data.type === 'consent.ended') events.ended({ ok: notice.data.ok, summary: notice.data.summary });
    else events.refused(notice.data.error);
  });
  port.onDisconnect.addListener(() => {
    timers.clearInterval(timer);
    if (!heard && !stopped) events.lost();
  });
  ping();
  return () => {
    if (stopped) return;
    stopped = true;
    timers.clearInterval(timer);
    port.disconnect();
  };
}
