import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { scriptedCoach } from '../gateway/testing/coach-script';
import { DEMO_NOW, demoCabinet } from '../gateway/testing/demo-cabinet';
import { gatewayProcess } from '../proof/faults/gateway-process';
import { demoAgentOf } from '../src/agent/demo';
import { CABINET_FOLDERS } from '../src/ontology/health-portal.generated';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../src/protocol/demo-identities';
import { startScriptedMessagesServer } from '../src/testing/scripted-messages-server';
import { createMemoryChainStateStore, openEmbeddedChain } from '../src/wallet';
import { grantScope } from '../src/wallet/delegations/scopes';
import { signScopedDelegation } from '../src/wallet/delegations/sign-scoped-delegation';
import { signMessageAsAgent } from '../src/wallet/sign/sign-as-agent';
import { load } from './gateway-load';
import type { BenchRow, BenchSuite } from './run';

/**
 * HeartCoach's gateway's memory: the gateway as `npm run gateway` runs it, in its own
 * process (PGlite, its own embedded chain), its model the scripted Messages server at a fixed latency. Read from the
 * process itself — resident set from /proc (now and its peak), the V8 heap and external memory after a collection
 * from a bench-only preload (gateway-memory-probe.mjs) — idle after a first start (the chain deployed, the desk
 * copied from its template), idle after a restart over the same data (the chain restored from its snapshot, the desk
 * reopened: a service's steady state), then after bounded autocannon loads of authenticated consultations.
 * Baselines from the same run, with the same TypeScript loader and preload: a bare Node process, and Hono on
 * @hono/node-server answering one route (what any Hono service costs before it does anything).
 */
const MODEL_MS = 50;
const CONNECTIONS = 8;
const ROUNDS = [400, 400] as const;
const PROBE = fileURLToPath(new URL('./gateway-memory-probe.mjs', import.meta.url));
const NODE_ARGS = ['--expose-gc', '--import', PROBE];

type Memory = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  peakRss: number;
};

const procKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** Signals the process, waits for its next BENCH-MEMORY line, and reads its resident set from /proc. */
async function memoryOf(pid: number, output: () => string): Promise<Memory> {
  const seen = (output().match(/BENCH-MEMORY/g) ?? []).length;
  process.kill(pid, 'SIGUSR2');
  const deadline = performance.now() + 10_000;
  for (;;) {
    const lines = output()
      .split('\n')
      .filter((l) => l.startsWith('BENCH-MEMORY '));
    if (lines.length > seen) {
      const m = JSON.parse(lines.at(-1)!.slice('BENCH-MEMORY '.length)) as NodeJS.MemoryUsage;
      const kB = (bytes: number) => bytes / 1024;
      return {
        rss: procKb(pid, 'VmRSS'),
        peakRss: procKb(pid, 'VmHWM'),
        heapUsed: kB(m.heapUsed),
        heapTotal: kB(m.heapTotal),
        external: kB(m.external),
        arrayBuffers: kB(m.arrayBuffers),
      };
    }
    if (performance.now() > deadline) throw new Error('the process did not report its memory within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const HONO = [
  "import { Hono } from 'hono'; import { serve } from '@hono/node-server';",
  "const app = new Hono(); app.get('/', (c) => c.json({ ok: true }));",
  "serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log('ready ' + info.port));",
].join(' ');

/**
 * A baseline process with the same loader and preload, idle: a bare Node process (`hono: false`), or Hono on
 * @hono/node-server that has answered one request.
 */
async function baseline(hono: boolean): Promise<Memory> {
  const code = hono ? HONO : 'setInterval(() => {}, 1000); console.log("ready 0")';
  const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => void (out += String(c)));
  try {
    const deadline = performance.now() + 30_000;
    while (!/ready \d+/.test(out)) {
      if (performance.now() > deadline) throw new Error('the baseline process did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    if (hono) {
      const answered = await fetch(`http://127.0.0.1:${/ready (\d+)/.exec(out)![1]}/`);
      if (answered.status !== 200) throw new Error(`the Hono baseline answered ${answered.status}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
    return await memoryOf(child.pid!, () => out);
  } finally {
    child.kill('SIGKILL');
  }
}

/** Alice signs in over SIWE (her demo key, her Smart Agent) and grants every cabinet folder: a consultation's body. */
async function consultation(url: string): Promise<{ body: string; token: string }> {
  const chain = await openEmbeddedChain({ store: createMemoryChainStateStore(), clock: () => Date.parse(DEMO_NOW) });
  const owner = privateKeyToAccount(DEMO_PEOPLE.alice.privateKey);
  const agent = await demoAgentOf('alice');
  const { nonce } = (await (await fetch(`${url}/auth/nonce`)).json()) as { nonce: string };
  const message = createSiweMessage({
    domain: new URL(url).host,
    address: agent.address,
    uri: url,
    version: '1',
    chainId: chain.chainId,
    nonce,
    issuedAt: new Date(DEMO_NOW),
  });
  const signed = await fetch(`${url}/auth/siwe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await signMessageAsAgent(owner, agent, message) }),
  });
  if (signed.status !== 200) throw new Error(`sign-in failed: ${signed.status} ${await signed.text()}`);
  const { access_token: accessToken } = (await signed.json()) as { access_token: string };
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const window = { validAfter: seconds('2026-09-01T00:00:00Z'), validBefore: seconds('2026-12-31T00:00:00Z') };
  const grant = await signScopedDelegation(chain, {
    owner,
    agent,
    delegate: DEMO_SERVICES.heartcoach.address,
    scope: grantScope({ chainId: chain.chainId, origin: url, folders: [...CABINET_FOLDERS], window }),
  });
  const data = { cabinet: demoCabinet(), grant, kind: 'question' };
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 'bench',
    method: 'SendMessage',
    params: {
      message: {
        messageId: 'bench',
        role: 'ROLE_USER',
        parts: [{ text: 'How is my week going?' }, { data }],
        metadata: { skill: 'heartcoach.ask' },
      },
    },
  });
  return { body, token: accessToken };
}

const MB = (kB: number) => kB / 1024;
const IDLE_MS = 2000;

/** The rows of one idle measurement. */
function idleRows(label: string, m: Memory, bare: Memory, hono: Memory): BenchRow[] {
  return [
    { name: `${label}: resident set (MB)`, value: MB(m.rss), unit: 'count' },
    { name: `${label}: V8 heap used after GC (MB)`, value: MB(m.heapUsed), unit: 'count' },
    { name: `${label}: V8 heap reserved (heapTotal, MB)`, value: MB(m.heapTotal), unit: 'count' },
    {
      name: `${label}: external, WASM memory at full size (MB)`,
      value: MB(m.external - m.arrayBuffers),
      unit: 'count',
    },
    { name: `${label}: array buffers (MB)`, value: MB(m.arrayBuffers), unit: 'count' },
    { name: `${label}: resident set / bare Node`, value: m.rss / bare.rss, unit: 'x' },
    { name: `${label}: resident set / Hono alone`, value: m.rss / hono.rss, unit: 'x' },
  ];
}

export const suite: BenchSuite = {
  description: `gateway memory: its own process (PGlite, scripted model at ${MODEL_MS} ms), idle (first start, restart) and after ${ROUNDS.join(' + ')} consultations (${CONNECTIONS} connections); baselines a bare Node process and Hono alone`,
  async run(): Promise<BenchRow[]> {
    const bare = await baseline(false);
    const hono = await baseline(true);
    const model = await startScriptedMessagesServer({ script: scriptedCoach, latencyMs: MODEL_MS });
    // One client address and one subject send all 800 consultations: the rate limits (gateway/ops/rate-limit.ts,
    // proven in gateway/ops/*.int.test.ts) would answer most of them 429, so they are off for the load.
    const gw = await gatewayProcess({
      modelUrl: model.url,
      clock: DEMO_NOW,
      nodeArgs: NODE_ARGS,
      env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_SUBJECT: '0', RATE_LIMIT_SIGN_IN: '0' },
    });
    try {
      const firstStartMs = await gw.start();
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const first = await memoryOf(gw.pid()!, gw.output);
      await gw.stop();
      const restartMs = await gw.start();
      const pid = gw.pid()!;
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idle = await memoryOf(pid, gw.output);
      const { body, token } = await consultation(gw.url);
      const headers = { 'content-type': 'application/json', 'A2A-Version': '1.0', authorization: `Bearer ${token}` };
      const after: Memory[] = [];
      let rps = 0;
      for (const amount of ROUNDS) {
        rps = (await load({ url: `${gw.url}/a2a`, method: 'POST', connections: CONNECTIONS, amount, body, headers }))
          .requestsPerSecond;
        after.push(await memoryOf(pid, gw.output));
      }
      const [loaded, more] = [after[0]!, after[1]!];
      return [
        { name: 'baseline: bare Node (same loader), resident set (MB)', value: MB(bare.rss), unit: 'count' },
        { name: 'baseline: bare Node, V8 heap used after GC (MB)', value: MB(bare.heapUsed), unit: 'count' },
        { name: 'baseline: Hono alone (same loader), resident set (MB)', value: MB(hono.rss), unit: 'count' },
        { name: 'baseline: Hono alone, V8 heap used after GC (MB)', value: MB(hono.heapUsed), unit: 'count' },
        { name: 'gateway: first start to ready (deploys its chain)', value: firstStartMs, unit: 'ms' },
        { name: 'gateway: restart to ready (restores its chain)', value: restartMs, unit: 'ms' },
        ...idleRows('idle, first start', first, bare, hono),
        ...idleRows('idle, restarted', idle, bare, hono),
        { name: `after ${ROUNDS[0]} consultations: resident set (MB)`, value: MB(loaded.rss), unit: 'count' },
        {
          name: `after ${ROUNDS[0]} consultations: V8 heap used after GC (MB)`,
          value: MB(loaded.heapUsed),
          unit: 'count',
        },
        { name: `after ${ROUNDS[0] + ROUNDS[1]}: resident set (MB)`, value: MB(more.rss), unit: 'count' },
        { name: `after ${ROUNDS[0] + ROUNDS[1]}: V8 heap used after GC (MB)`, value: MB(more.heapUsed), unit: 'count' },
        { name: 'peak resident set since the restart (MB)', value: MB(more.peakRss), unit: 'count' },
        {
          name: `heap retained per consultation over the second ${ROUNDS[1]} (bytes)`,
          value: (Math.max(0, more.heapUsed - loaded.heapUsed) * 1024) / ROUNDS[1],
          unit: 'count',
          target: '≈ 0 (no leak)',
        },
        { name: 'heap after load / heap idle', value: more.heapUsed / idle.heapUsed, unit: 'x' },
        { name: 'consultations per second during the last load', value: rps, unit: 'count' },
      ];
    } finally {
      await gw.close();
      await model.close();
    }
  },
};
