import { z } from 'zod';
import { WireError } from '../protocol/errors';

/**
 * The consent window's keepalive: a `chrome.runtime` Port the window opens to the background for
 * one waiting request, named after its id, on which it pings while the person reads. An MV3 worker with nothing to
 * do for ~30 s may be stopped, and the request waiting in its memory lost with it; since Chrome 114 a message on a
 * Port resets that idle timer. The background ends the Port when the request ends, saying how it ended.
 */
export const CONSENT_KEEPALIVE_PREFIX = 'home-agent/consent-keepalive/';
/** Well under Chrome's 30 s idle limit, with room for a busy page's timer to run late. */
export const CONSENT_PING_MS = 20_000;
/** A ping is a few dozen bytes; anything larger is not ours. */
export const CONSENT_PING_BYTES = 128;

const ConsentId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a consent id');

/** The Port's name for the request `id`. */
export const consentKeepaliveName = (id: string): string => `${CONSENT_KEEPALIVE_PREFIX}${id}`;

/** The request id a keepalive Port's name carries, or undefined when the name is not one (or not well formed). */
export function consentIdOfPort(name: string): string | undefined {
  if (!name.startsWith(CONSENT_KEEPALIVE_PREFIX)) return undefined;
  const id = ConsentId.safeParse(name.slice(CONSENT_KEEPALIVE_PREFIX.length));
  return id.success ? id.data : undefined;
}

/** Window → background: the only message the window sends. */
export const ConsentPing = z.strictObject({
  type: z.literal('consent.ping'),
  seq: z.number().int().nonnegative().max(1_000_000),
});
export type ConsentPing = z.infer<typeof ConsentPing>;

/** Background → window: the request ended (its outcome in words), or the Port was refused — then it is closed. */
export const ConsentKeepaliveNotice = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('consent.ended'), ok: z.boolean(), summary: z.string().max(1000) }),
  z.strictObject({ type: z.literal('consent.refused'), error: WireError }),
]);
export type ConsentKeepaliveNotice = z.infer<typeof ConsentKeepaliveNotice>;
