import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle } from '../build-server';
import { freePort } from './free-port';

/**
 * HeartCoach as an operator runs it behind a balancer, on this machine: `instances` gateway processes on loopback
 * ports, sharing one PostgreSQL schema and one RPC node, behind Debian's haproxy (round robin, health-checked on
 * /ready, retrying a request whose instance died before it answered). Each runs the server bundle, as
 * `npm run gateway` does after `npm run build:gateway` — built here, from the sources as they are, into a folder of
 * its own (about a second), so the processes never fall back to tsx whatever was built before. `origin` is the
 * balancer: the origin every instance is configured with (SIWE domain, token issuer). Each instance calls the model
 * with a key of its own (`modelKey`), so the scripted Messages server can tell which instance a request came from.
 * Test and bench support only.
 */
export type GatewayInstance = {
  url: string;
  port: number;
  /** The ANTHROPIC_API_KEY this instance sends (the model request's `x-api-key`, or its bearer token). */
  modelKey: string;
  /** The line the instance printed when it was ready (what it runs, the desk, the chain, the model). */
  readyLine: string;
  kill(): Promise<void>;
  alive(): boolean;
};
export type GatewayCluster = {
  origin: string;
  instances: GatewayInstance[];
  /** Starts instance `index` again on its port (after a kill); the balancer's health check takes it back. */
  restart(index: number): Promise<GatewayInstance>;
  close(): Promise<void>;
};

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function startInstance(server: string, env: NodeJS.ProcessEnv, port: number): Promise<GatewayInstance> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [join(server, 'main.mjs')], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const timer = setTimeout(
      () => reject(new Error(`a gateway did not start in 120 s:\n${log.slice(-2000)}`)),
      120_000,
    );
    const read = (chunk: Buffer) => {
      log = (log + String(chunk)).slice(-20_000);
      const readyLine = /^HeartCoach gateway on .*$/m.exec(log)?.[0];
      if (readyLine !== undefined) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          port,
          modelKey: env.ANTHROPIC_API_KEY ?? '',
          readyLine,
          alive: () => child.exitCode === null && child.signalCode === null,
          kill: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGKILL');
            }),
        });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a gateway exited (${code}) before it was ready:\n${log.slice(-2000)}`));
    });
  });
}

function haproxyConfig(port: number, backends: readonly number[]): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option forwardfor',
    // A request is re-sent elsewhere only when its instance took nothing or answered nothing (it died first).
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '  option http-buffer-request',
    'frontend heartcoach',
    `  bind 127.0.0.1:${port}`,
    '  default_backend gateways',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk GET /ready',
    '  default-server inter 500ms fall 2 rise 1',
    ...backends.map((p, i) => `  server g${i + 1} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

export async function startGatewayCluster(options: {
  instances: number;
  databaseUrl: string;
  schema: string;
  rpcUrl: string;
  modelUrl: string;
  env?: Record<string, string>;
}): Promise<GatewayCluster> {
  if (!existsSync(HAPROXY))
    throw new Error(`haproxy is missing at ${HAPROXY}: apt-get install -y haproxy (scripts/system-deps.mjs does).`);
  const dir = mkdtempSync(join(tmpdir(), 'heartcoach-cluster-'));
  // Inside the repository, so the bundle finds its packages in node_modules.
  const server = join(ROOT, '.output', `cluster-server-${process.pid}-${Date.now().toString(36)}`);
  const lbPort = await freePort();
  const origin = `http://127.0.0.1:${lbPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    GATEWAY_ORIGIN: origin,
    TRUST_PROXY: '1',
    DATABASE_URL: options.databaseUrl,
    DATABASE_SCHEMA: options.schema,
    RPC_URL: options.rpcUrl,
    GATEWAY_DEMO: '1',
    // Test support only: the instances share the secret their signing keys are sealed under, as a deployment's do.
    SIGNING_KEYS_SECRET: 'cluster-test-signing-keys-secret-0123456789',
    GATEWAY_PAGE: '0',
    ARCHETYPE_REGISTRY_DIR: join(dir, 'registry'),
    ARCHETYPE_REGISTRY_PUBLISH: '1',
    ANTHROPIC_API_KEY: 'scripted-cluster-key',
    ANTHROPIC_BASE_URL: options.modelUrl,
    COACH_MODEL: 'claude-scripted',
    ...options.env,
  };
  const instances: GatewayInstance[] = [];
  const ports: number[] = [];
  const own = (i: number) => ({ ...env, ANTHROPIC_API_KEY: `${env.ANTHROPIC_API_KEY}-g${i + 1}` });
  const restart = async (index: number) => {
    await instances[index]!.kill();
    instances[index] = await startInstance(server, { ...own(index), DEMO_SEED: '0' }, ports[index]!);
    return instances[index];
  };
  let proxy: ChildProcess | null = null;
  const close = async () => {
    proxy?.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.kill()));
    rmSync(dir, { recursive: true, force: true });
    rmSync(server, { recursive: true, force: true });
  };
  try {
    // The first seeds the demo desk and makes the signing key; the others start together on what it left.
    await buildServerBundle(server, ROOT);
    ports.push(...(await Promise.all(Array.from({ length: options.instances }, () => freePort()))));
    instances.push(await startInstance(server, { ...own(0), DEMO_SEED: '1' }, ports[0]!));
    instances.push(
      ...(await Promise.all(ports.slice(1).map((p, i) => startInstance(server, { ...own(i + 1), DEMO_SEED: '0' }, p)))),
    );
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(lbPort, ports));
    proxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let proxyLog = '';
    proxy.stderr!.on('data', (chunk: Buffer) => void (proxyLog = (proxyLog + String(chunk)).slice(-4000)));
    const deadline = performance.now() + 20_000;
    for (;;) {
      const ok = await fetch(`${origin}/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() > deadline || proxy.exitCode !== null)
        throw new Error(`haproxy did not come up on ${origin}:\n${proxyLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { origin, instances, restart, close };
  } catch (error) {
    await close();
    throw error;
  }
}
