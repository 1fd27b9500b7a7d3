import { LOOPBACK_MATCHES } from './matches';

/**
 * The origins whose pages Home Agent's bridge answers (DESIGN §10): the ones it registers the bridge for — loopback
 * from install (src/messaging/page/matches.ts), plus the origin of each app the person connected. A relayed request
 * from any other page is refused, whatever its scheme.
 */
export type BridgeOrigins = (origin: string) => Promise<boolean>;

const LOOPBACK_HOSTS: readonly string[] = LOOPBACK_MATCHES.map((m) => new URL(m.replace('/*', '/')).hostname);

/** A loopback page (any port), as the install-time matches register it. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname) && url.origin === origin;
  } catch {
    return false;
  }
}

/** Loopback, or the origin of an app the person connected (read afresh on each request: a disconnect takes effect). */
export function bridgeOrigins(connected: () => Promise<readonly string[]> = async () => []): BridgeOrigins {
  return async (origin) => isLoopbackOrigin(origin) || (await connected()).includes(origin);
}
