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
 * HeartCoach's gateway's memory (issue 9 "Gateway … memory"): the gateway as `npm run gateway` runs it, in its own
 * process (PGlite, its own embedded chain), its model the scripted Messages server at a fixed latency. Read from the
 * process itself — resident set from /proc (now and its peak), the V8 heap after a collection from a bench-only
 * preload (gateway-memory-probe.mjs) — idle after start, then after bounded autocannon loads of authenticated
 * consultations. Baseline from the same run: a bare Node process with the same TypeScript loader and the same preload.
 */
const MODEL_MS = 50;
const CONNECTIONS = 8;
const ROUNDS = [400, 400] as const;
const PROBE = fileURLToPath(new URL('./gateway-memory-probe.mjs', import.meta.url));
const NODE_ARGS = ['--expose-gc', '--import', PROBE];

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number; peakRss: number };

const procKb = (pid: number, field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

/** Signals the process, waits for its next BENCH-MEMORY line, and reads its resident set from /proc. */
async function memoryOf(pid: number, output: () => string): Promise<Memory> {
  const seen = (output().match(/BENCH-MEMORY/g) ?? []).length;
  process.kill(pid, 'SIGUSR2');
  const deadline = performance.now() + 10_000;
  for (;;) {
    const lines = output().split('\n').filter((l) => l.startsWith('BENCH-MEMORY '));
    if (lines.length > seen) {
      const m = JSON.parse(lines.at(-1)!.slice('BENCH-MEMORY '.length)) as NodeJS.MemoryUsage;
      return { rss: procKb(pid, 'VmRSS'), peakRss: procKb(pid, 'VmHWM'), heapUsed: m.heapUsed / 1024, heapTotal: m.heapTotal / 1024, external: m.external / 1024 };
    }
    if (performance.now() > deadline) throw new Error('the process did not report its memory within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A bare Node process with the same loader and preload, idle: what any such process costs. */
async function bareNode(): Promise<Memory> {
  const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', '-e', 'setInterval(() => {}, 1000); console.log("ready")'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => void (out += String(c)));
  try {
    const deadline = performance.now() + 30_000;
    while (!out.includes('ready')) {
      if (performance.now() > deadline) throw new Error('the bare Node process did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 500));
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
  const message = createSiweMessage({ domain: new URL(url).host, address: agent.address, uri: url, version: '1', chainId: chain.chainId, nonce, issuedAt: new Date(DEMO_NOW) });
  const signed = await fetch(`${url}/auth/siwe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, signature: await signMessageAsAgent(owner, agent, message) }) });
  if (signed.status !== 200) throw new Error(`sign-in failed: ${signed.status} ${await signed.text()}`);
  const { accessToken } = (await signed.json()) as { accessToken: string };
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const window = { validAfter: seconds('2026-09-01T00:00:00Z'), validBefore: seconds('2026-12-31T00:00:00Z') };
  const grant = await signScopedDelegation(chain, { owner, agent, delegate: DEMO_SERVICES.heartcoach.address, scope: grantScope({ chainId: chain.chainId, origin: url, folders: [...CABINET_FOLDERS], window }) });
  const data = { cabinet: demoCabinet(), grant, kind: 'question' };
  const body = JSON.stringify({
    jsonrpc: '2.0', id: 'bench', method: 'SendMessage',
    params: { message: { messageId: 'bench', role: 'ROLE_USER', parts: [{ text: 'How is my week going?' }, { data }], metadata: { skill: 'heartcoach.ask' } } },
  });
  return { body, token: accessToken };
}

export const suite: BenchSuite = {
  description: `gateway memory: its own process (PGlite, scripted model at ${MODEL_MS} ms), idle and after ${ROUNDS.join(' + ')} consultations (${CONNECTIONS} connections); baseline a bare Node process`,
  async run(): Promise<BenchRow[]> {
    const bare = await bareNode();
    const model = await startScriptedMessagesServer({ script: scriptedCoach, latencyMs: MODEL_MS });
    const gw = await gatewayProcess({ modelUrl: model.url, clock: DEMO_NOW, nodeArgs: NODE_ARGS });
    try {
      const startMs = await gw.start();
      const pid = gw.pid()!;
      await new Promise((r) => setTimeout(r, 1000));
      const idle = await memoryOf(pid, gw.output);
      const { body, token } = await consultation(gw.url);
      const headers = { 'content-type': 'application/json', 'A2A-Version': '1.0', authorization: `Bearer ${token}` };
      const after: Memory[] = [];
      let rps = 0;
      for (const amount of ROUNDS) {
        rps = (await load({ url: `${gw.url}/a2a`, method: 'POST', connections: CONNECTIONS, amount, body, headers })).requestsPerSecond;
        after.push(await memoryOf(pid, gw.output));
      }
      const [first, second] = [after[0]!, after[1]!];
      const MB = (kB: number) => kB / 1024;
      return [
        { name: 'baseline: bare Node (same loader), resident set (MB)', value: MB(bare.rss), unit: 'count' },
        { name: 'baseline: bare Node, V8 heap used after GC (MB)', value: MB(bare.heapUsed), unit: 'count' },
        { name: 'gateway: start to ready, its own process', value: startMs, unit: 'ms' },
        { name: 'gateway idle: resident set (MB)', value: MB(idle.rss), unit: 'count' },
        { name: 'gateway idle: V8 heap used after GC (MB)', value: MB(idle.heapUsed), unit: 'count' },
        { name: 'gateway idle: external + array buffers (MB)', value: MB(idle.external), unit: 'count' },
        { name: 'gateway idle resident set / bare Node', value: idle.rss / bare.rss, unit: 'x' },
        { name: `after ${ROUNDS[0]} consultations: resident set (MB)`, value: MB(first.rss), unit: 'count' },
        { name: `after ${ROUNDS[0]} consultations: V8 heap used after GC (MB)`, value: MB(first.heapUsed), unit: 'count' },
        { name: `after ${ROUNDS[0] + ROUNDS[1]}: resident set (MB)`, value: MB(second.rss), unit: 'count' },
        { name: `after ${ROUNDS[0] + ROUNDS[1]}: V8 heap used after GC (MB)`, value: MB(second.heapUsed), unit: 'count' },
        { name: 'peak resident set over the whole run (MB)', value: MB(second.peakRss), unit: 'count' },
        { name: `heap retained per consultation over the second ${ROUNDS[1]} (bytes)`, value: (Math.max(0, second.heapUsed - first.heapUsed) * 1024) / ROUNDS[1], unit: 'count', target: '≈ 0 (no leak)' },
        { name: 'heap after load / heap idle', value: second.heapUsed / idle.heapUsed, unit: 'x' },
        { name: 'consultations per second during the last load', value: rps, unit: 'count' },
      ];
    } finally {
      await gw.close();
      await model.close();
    }
  },
};
