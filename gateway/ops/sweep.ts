import type { SqlRunner } from '../desk/sql';

/**
 * The expiry sweep: deletes what can no longer be used — spent or expired sign-in nonces, refresh tokens and sessions
 * past their end (a revoked token is kept until then, so its reuse is still recognised), wires past their window,
 * rate-limit windows an hour old, idempotency keys past their day, and signing keys no live token can carry. Every instance runs it on a timer; the
 * DELETEs are idempotent, so two running at once only share the work. Answers how many rows each table lost.
 */
export async function sweepExpired(sql: SqlRunner, now: Date): Promise<Record<string, number>> {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const statements: Array<[string, string, string]> = [
    ['siwe_nonces', `DELETE FROM siwe_nonces WHERE expires_at <= $1 RETURNING 1 AS gone`, at],
    ['refresh_tokens', `DELETE FROM refresh_tokens WHERE expires_at <= $1 RETURNING 1 AS gone`, at],
    ['sessions', `DELETE FROM sessions WHERE expires_at <= $1 RETURNING 1 AS gone`, at],
    ['wires', `DELETE FROM wires WHERE expires_at <= $1 RETURNING 1 AS gone`, at],
    ['rate_limits', `DELETE FROM rate_limits WHERE window_start < $1 RETURNING 1 AS gone`, hourAgo],
    ['idempotency_keys', `DELETE FROM idempotency_keys WHERE expires_at <= $1 RETURNING 1 AS gone`, at],
    ['signing_keys', `DELETE FROM signing_keys WHERE published_until <= $1 RETURNING 1 AS gone`, at],
  ];
  const counts: Record<string, number> = {};
  for (const [table, statement, param] of statements) counts[table] = (await sql.query(statement, [param])).length;
  return counts;
}

/** Runs the sweep now and then every `intervalMs` (unref'd: it never keeps the process up); `stop()` ends it. */
export function startSweeper(
  sql: SqlRunner,
  clock: { now(): Date },
  intervalMs: number,
): { stop(): void; done: Promise<unknown> } {
  const run = () =>
    sweepExpired(sql, clock.now()).catch((error: unknown) =>
      console.error('[gateway] the expiry sweep failed:', error),
    );
  const done = run();
  const timer = intervalMs > 0 ? setInterval(() => void run(), intervalMs) : null;
  timer?.unref();
  return { stop: () => (timer === null ? undefined : clearInterval(timer)), done };
}
