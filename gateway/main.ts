import { serve } from '@hono/node-server';
import { DEMO_SERVICES } from '../src/protocol/demo-identities';
import { loadOrCreateSessionKey } from './auth/session-keys';
import { composeGateway } from './compose';
import { readConfig } from './config';
import { fixedClock, randomIds, systemClock } from './ports';
import { demoDirectory } from './wallet/demo-directory';
import { gatewayWallet } from './wallet/gateway-wallet';
import { openGatewayChain } from './wallet/open-gateway-chain';
import { buildWebBundle } from './web/bundle';

/**
 * `npm run gateway`: the HeartCoach coach gateway on 127.0.0.1 (PORT, default 8787). The composition root: it reads
 * the configuration, opens the chain, the wallet ports and the desk, and serves. Nothing else lives here.
 */
const started = performance.now();
// The page builds in its own short-lived process while the chain and the desk open.
const web = buildWebBundle();
const config = readConfig(process.env);
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
  serviceKey: DEMO_SERVICES.heartcoach.privateKey,
});
const gateway = await composeGateway({
  origin: config.origin,
  audience: config.audience,
  trustedIssuers: config.trustedIssuers,
  database: config.database,
  sessionKey: await loadOrCreateSessionKey(config.sessionKeyFile),
  model: config.model,
  registry: config.registry,
  clock,
  ids: randomIds,
  wallet,
  demo: config.demoSeed ? await demoDirectory(chain) : null,
  liveDemoDates: config.fixedClock === undefined,
  wireOrigins: config.wireOrigins,
  web: await web,
});
const server = serve({ fetch: gateway.app.fetch, port: config.port, hostname: '127.0.0.1' }, (info) => {
  const ms = Math.round(performance.now() - started);
  console.log(
    `HeartCoach gateway on http://127.0.0.1:${info.port} (the page at /) — desk ${gateway.sql.kind}, chain ${chain.kind} ${chain.chainId}, ` +
      `model ${config.model === null ? 'unconfigured (503 coach_unconfigured)' : (config.model.baseURL ?? 'api.anthropic.com')} — ready in ${ms} ms`,
  );
});

const stop = async () => {
  server.close();
  await gateway.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
