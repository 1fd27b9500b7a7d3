import { createRequire } from 'node:module';

/** The slice of autocannon 8's result the gateway bench reads (autocannon ships no types). */
type AutocannonResult = {
  latency: { average: number; p50: number; p99: number; totalCount: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  amount: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
};

const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

export type LoadFigures = { requestsPerSecond: number; meanMs: number; p50Ms: number; p99Ms: number };

/**
 * A bounded autocannon run on loopback: exactly `amount` requests over `connections` connections. Refuses to report
 * figures for a run with errors, timeouts or non-2xx answers — a fast failure is not a fast server.
 */
export async function load(options: AutocannonOptions): Promise<LoadFigures> {
  const started = performance.now();
  const result = await autocannon(options);
  const seconds = (performance.now() - started) / 1000;
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `load on ${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  }
  return {
    requestsPerSecond: result.latency.totalCount / seconds,
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}
