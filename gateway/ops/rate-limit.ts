import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { SqlRunner } from '../desk/sql';
import { refuse } from '../errors';
import type { Clock } from '../ports';

/**
 * Rate limits kept in the database, so they hold across every instance behind the balancer: one counter per bucket
 * (an address or a subject, and the class of route) per fixed window, counted by one upsert. Over the limit is a 429
 * with `Retry-After` (the seconds until the window turns), in words. 0 turns a limit off.
 */
export type RateLimits = {
  /** Requests a minute from one client address, every route but /health and /ready. */
  perAddress: number;
  /** Sign-in requests (/auth/*) a minute from one client address. */
  signInPerAddress: number;
  /** Authenticated requests a minute by one subject, whichever instance they reach. */
  perSubject: number;
  /** Take the client address from the last X-Forwarded-For hop (set when a balancer this gateway trusts fronts it). */
  trustProxy: boolean;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perAddress: 600,
  signInPerAddress: 60,
  perSubject: 300,
  trustProxy: false,
};

const WINDOW_SECONDS = 60;

export type RateLimiter = { hit(bucket: string, limit: number, what: string): Promise<void> };

export function rateLimiter(sql: SqlRunner, clock: Clock): RateLimiter {
  return {
    async hit(bucket, limit, what) {
      if (limit <= 0) return;
      const now = clock.now().getTime();
      const start = Math.floor(now / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000;
      const rows = await sql.query<{ hits: number }>(
        `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits`,
        [bucket, new Date(start).toISOString()],
      );
      if (rows[0]!.hits > limit) {
        const retryAfter = Math.max(1, Math.ceil((start + WINDOW_SECONDS * 1000 - now) / 1000));
        throw refuse.tooMany(
          `Too many requests ${what}: at most ${limit} a minute. Try again in ${retryAfter} s.`,
          retryAfter,
        );
      }
    },
  };
}

/** The client's address: the socket's, or the balancer's last X-Forwarded-For hop when it is trusted. */
export function clientAddressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last !== undefined && last.length <= 64) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in a test: no socket
  }
}

const UNLIMITED = new Set(['/health', '/ready']);

/** The per-address limits, before any route runs. */
export function addressLimit(limiter: RateLimiter, limits: RateLimits): MiddlewareHandler {
  return async (c, next) => {
    if (!UNLIMITED.has(c.req.path)) {
      const address = clientAddressOf(c, limits.trustProxy);
      await limiter.hit(`address:${address}`, limits.perAddress, 'from this address');
      if (c.req.path.startsWith('/auth/'))
        await limiter.hit(`sign-in:${address}`, limits.signInPerAddress, 'to sign in from this address');
    }
    await next();
  };
}
