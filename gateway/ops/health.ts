import type { Hono } from 'hono';
import type { Sql } from '../desk/sql';

/** What /health and /ready probe: the desk's database and the chain the grants are verified on. */
export type Probes = { sql: Sql; chain: () => Promise<unknown>; model: string; draining: () => boolean };

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

async function check(work: () => Promise<unknown>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await within(2000, work());
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : 'failed',
    };
  }
}

/**
 * `/health`: is this process able to answer — the database answers a query and the chain its block number — 200 or
 * 503 with each check. `/ready`: the same, and 503 once the process is draining (SIGTERM), so a balancer stops sending
 * it new requests before it closes. Neither is rate-limited nor needs a session.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono app, whatever its env
export function healthRoutes(app: Hono<any>, probes: Probes): void {
  const checks = async () => {
    const [desk, chain] = await Promise.all([check(() => probes.sql.query('SELECT 1 AS ok')), check(probes.chain)]);
    return { desk: { kind: probes.sql.kind, ...desk }, chain };
  };
  app.get('/health', async (c) => {
    const result = await checks();
    const ok = result.desk.ok && result.chain.ok;
    c.header('Cache-Control', 'no-store');
    return c.json({ ok, model: probes.model, ...result }, ok ? 200 : 503);
  });
  app.get('/ready', async (c) => {
    const result = await checks();
    const draining = probes.draining();
    const ready = result.desk.ok && result.chain.ok && !draining;
    c.header('Cache-Control', 'no-store');
    return c.json({ ready, draining, ...result }, ready ? 200 : 503);
  });
}
