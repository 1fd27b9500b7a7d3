import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { DEMO_SERVICES } from '../src/protocol/demo-identities';
import { signingSecretsOf } from './auth/signing-secrets';
import { composeGateway } from './compose';
import { readConfig, type GatewayConfig } from './config';
import { fixedClock, randomIds, systemClock } from './ports';
import { demoDirectory } from './wallet/demo-directory';
import { gatewayWallet } from './wallet/gateway-wallet';
import { openGatewayChain } from './wallet/open-gateway-chain';
import { readWebBundle } from './web/bundle';

/**
 * `npm run gateway`: the HeartCoach coach gateway on HOST:PORT (127.0.0.1:8787 unless told). The composition root:
 * it reads the configuration, opens the chain, the wallet ports and the desk, reads the page `npm run build:gateway`
 * built, and serves. Nothing else lives here. SIGTERM drains: /ready turns 503, then the server closes.
 */
const started = performance.now();
const config = readConfig(process.env);

async function serviceKeyOf(source: GatewayConfig['serviceKey']): Promise<`0x${string}`> {
  if (source.kind === 'key') return source.key;
  if (source.kind === 'demo') return DEMO_SERVICES.heartcoach.privateKey;
  const text = (await readFile(source.path, 'utf8')).trim();
  if (!/^0x[0-9a-fA-F]{64}$/.test(text))
    throw new Error(
      `HEARTCOACH_SERVICE_KEY_FILE (${source.path}) does not hold a 0x-prefixed 32-byte hex private key.`,
    );
  return text as `0x${string}`;
}

const web = config.webDir === null ? undefined : await readWebBundle(config.webDir);
const clock = config.fixedClock === undefined ? systemClock : fixedClock(config.fixedClock);
const chain = await openGatewayChain({
  ...(config.rpcUrl === undefined ? {} : { rpcUrl: config.rpcUrl }),
  stateFile: config.chainStateFile,
  clock,
});
const wallet = gatewayWallet({
  chain,
  clock,
  origins: config.wireOrigins,
  serviceKey: await serviceKeyOf(config.serviceKey),
});
const gateway = await composeGateway({
  origin: config.origin,
  audience: config.audience,
  trustedIssuers: config.trustedIssuers,
  database: config.database,
  keyRing: { ...config.keyRing, secrets: await signingSecretsOf(config.signingSecrets) },
  rateLimits: config.rateLimits,
  sweepIntervalMs: config.sweepIntervalMs,
  model: config.model,
  registry: config.registry,
  clock,
  ids: randomIds,
  wallet,
  demo: config.demoSeed ? await demoDirectory(chain) : null,
  liveDemoDates: config.fixedClock === undefined,
  wireOrigins: config.wireOrigins,
  ...(web === undefined ? {} : { web }),
});
const { resealed, retired, sessionsEnded } = gateway.resealed;
if (resealed.length > 0)
  console.log(`Signing keys sealed again under the newest SIGNING_KEYS_SECRET: ${resealed.join(', ')}.`);
if (retired.length > 0)
  console.log(
    `Signing keys retired (SIGNING_KEYS_RETIRE=1): ${retired.join(', ')}; ${sessionsEnded} sessions signed out.`,
  );
// The bundle `npm run build:gateway` made (gateway/build-server.ts) is an .mjs; from sources it is this .ts file.
const running = import.meta.url.endsWith('.mjs') ? 'the server bundle' : 'gateway/main.ts from sources';
const server = serve({ fetch: gateway.app.fetch, port: config.port, hostname: config.host }, (info) => {
  const ms = Math.round(performance.now() - started);
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(
    `HeartCoach gateway on http://${host}:${info.port} (origin ${config.origin}${web === undefined ? '; API only' : '; the page at /'}) — desk ${gateway.sql.kind}, chain ${chain.kind} ${chain.chainId}, ` +
      `model ${config.model === null ? 'unconfigured (503 coach_unconfigured)' : (config.model.baseURL ?? 'api.anthropic.com')}` +
      `${config.demo ? ', DEMO service key' : ''} — ${running}, ready in ${ms} ms`,
  );
});
// A request that took its socket keeps it alive; after a drain the balancer already sends nothing new here.
(server as Server).keepAliveTimeout = 5_000;

let stopping = false;
const stop = async (drainMs: number) => {
  if (stopping) return;
  stopping = true;
  gateway.drain();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await gateway.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(config.drainMs));
