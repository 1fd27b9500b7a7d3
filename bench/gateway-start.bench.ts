import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../proof/faults/gateway-process';
import { startAnvil } from '../src/wallet/testing/anvil';
import type { BenchRow, BenchSuite } from './run';

/**
 * HeartCoach's gateway from spawn to ready: scripts/gateway.mjs as `npm run gateway` starts it (the server bundle
 * `npm run build:gateway` made, or gateway/main.ts through tsx when a source is newer), timed until /ready
 * answers 200, and its peak resident set (VmHWM) then. PGlite on a first start (a new data folder, copied from the
 * template `npm run build:gateway` made, and its own embedded chain deployed), PGlite over that same folder again, and
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a fresh schema) with anvil as the shared RPC node. The
 * baseline, in the same run: a bare Node process with the same TypeScript loader answering one HTTP route.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Start = { ms: number; peakMb: number };

async function timeToReady(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => void (err = (err + String(chunk)).slice(-3000)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}): ${err}`);
      const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`not ready in 120 s: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { ms, peakMb: peakKb / 1024 };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

export const suite: BenchSuite = {
  description: 'gateway cold start to /ready and peak resident set (PGlite first start, PGlite again, PostgreSQL)',
  async run(): Promise<BenchRow[]> {
    const dir = mkdtempSync(join(tmpdir(), 'heartcoach-start-'));
    const common = {
      ...process.env,
      GATEWAY_DEMO: '1',
      DEMO_SEED: '1',
      ARCHETYPE_REGISTRY_DIR: join(dir, 'registry'),
      ARCHETYPE_REGISTRY_PUBLISH: '1',
    };
    const main = ['scripts/gateway.mjs'];
    try {
      const port = await freePort();
      const baseline = await timeToReady(
        ['--import', 'tsx', 'bench/gateway-start-baseline.mjs'],
        { ...process.env, PORT: String(port) },
        port,
      );
      const pglite = {
        ...common,
        PORT: String(port),
        DESK_DATA_DIR: join(dir, 'desk'),
        GATEWAY_CHAIN_FILE: join(dir, 'chain.bin'),
      };
      const first = await timeToReady(main, pglite, port);
      const again = await timeToReady(main, pglite, port);
      const rows: BenchRow[] = [
        { name: 'baseline: Node + tsx + Hono, one route', value: baseline.ms, unit: 'ms' },
        { name: 'PGlite, first start (new data folder): to ready', value: first.ms, unit: 'ms', target: '≤ 10000' },
        { name: 'PGlite, first start: peak resident set (MB)', value: first.peakMb, unit: 'count', target: '≤ 400' },
        { name: 'PGlite, existing data folder: to ready', value: again.ms, unit: 'ms', target: '≤ 5000' },
        {
          name: 'PGlite, existing data folder: peak resident set (MB)',
          value: again.peakMb,
          unit: 'count',
          target: '≤ 400',
        },
        { name: 'PGlite existing ÷ baseline (time to ready)', value: again.ms / baseline.ms, unit: 'x' },
      ];
      const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (url !== undefined && url !== '') {
        const node = await startAnvil();
        const schema = `bench_start_${Date.now().toString(36)}`;
        try {
          const postgres = {
            ...common,
            PORT: String(port),
            DATABASE_URL: url,
            DATABASE_SCHEMA: schema,
            RPC_URL: node.url,
            DEMO_SEED: '0',
          };
          const pg = await timeToReady(main, postgres, port);
          rows.push(
            { name: 'PostgreSQL + anvil RPC, new schema: to ready', value: pg.ms, unit: 'ms', target: '≤ 3000' },
            { name: 'PostgreSQL: peak resident set (MB)', value: pg.peakMb, unit: 'count', target: '≤ 400' },
            { name: 'PostgreSQL ÷ baseline (time to ready)', value: pg.ms / baseline.ms, unit: 'x' },
          );
        } finally {
          await node.stop();
          const { default: pgModule } = await import('pg');
          const pool = new pgModule.Pool({ connectionString: url, max: 1 });
          await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await pool.end();
        }
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
