import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * HeartCoach's gateway as `npm run gateway` starts it, in its own process on loopback (PGlite with its signing keys, its
 * embedded chain and archetype registry all in one data directory), its model the scripted Messages server at
 * `modelUrl` (the hosted model cannot run here). `kill()` is SIGKILL — the process gets no chance to finish
 * anything — and `start()` brings it back on the same port over the same data directory. `pid()` is the live
 * process's id and `output()` what it has printed since it started (the gateway bench reads its memory from both;
 * `nodeArgs` go before the entry point, e.g. a bench-only preload).
 */
export type GatewayProcess = {
  url: string;
  dir: string;
  pid(): number | null;
  output(): string;
  start(): Promise<number>;
  kill(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export { freePort } from '../../gateway/testing/free-port';
import { freePort } from '../../gateway/testing/free-port';

export async function gatewayProcess(options: {
  modelUrl: string;
  clock?: string;
  nodeArgs?: readonly string[];
  /** Serve the HeartCoach page (built once by `npm run build:gateway`): the browser tests need it, the faults do not. */
  page?: boolean;
  /** More of the gateway's environment (README: every variable), over the defaults above. */
  env?: Readonly<Record<string, string>>;
}): Promise<GatewayProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'heartcoach-proof-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DESK_DATA_DIR: join(dir, 'desk'),
    GATEWAY_DEMO: '1',
    DEMO_SEED: '1',
    ...(options.page === true ? {} : { GATEWAY_PAGE: '0' }),
    GATEWAY_CHAIN_FILE: join(dir, 'chain.bin'),
    ARCHETYPE_REGISTRY_DIR: join(dir, 'registry'),
    ARCHETYPE_REGISTRY_PUBLISH: '1',
    ANTHROPIC_API_KEY: 'scripted-proof-key',
    ANTHROPIC_BASE_URL: options.modelUrl,
    COACH_MODEL: 'claude-scripted',
    ...(options.clock !== undefined ? { GATEWAY_CLOCK: options.clock } : {}),
    ...options.env,
  };
  let child: ChildProcess | null = null;
  let log = '';
  /** Starts the process; resolves with the milliseconds until it said it was ready. */
  const start = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'gateway/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      log = '';
      const timer = setTimeout(
        () => reject(new Error(`the gateway did not start within 120 s:\n${log.slice(-2000)}`)),
        120_000,
      );
      const read = (chunk: Buffer) => {
        log += String(chunk);
        if (log.includes('HeartCoach gateway on')) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      };
      proc.stdout.on('data', read);
      proc.stderr.on('data', read);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the gateway exited (${code}) before it was ready:\n${log.slice(-2000)}`));
      });
    });
  const end = async (signal: 'SIGKILL' | 'SIGTERM') => {
    const proc = child;
    child = null;
    if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };
  return {
    url,
    dir,
    pid: () => (child as ChildProcess | null)?.pid ?? null,
    output: () => log,
    start,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    async close() {
      await end('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
