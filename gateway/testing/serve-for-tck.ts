import { testDatabases } from './databases';
import { startTestGateway } from './test-gateway';

/**
 * `npx tsx gateway/testing/serve-for-tck.ts`: the test gateway (PGlite, its own chain, the scripted Messages server —
 * the hosted model cannot run here) on a loopback port, on the machine's clock, for the A2A conformance kit
 * (a2aproject/a2a-tck). Prints one JSON line, `{ url, token }` — Alice's session token for `A2A_AUTH_TOKEN` — and
 * serves until SIGTERM or SIGINT.
 */
// The card names its origin as `localhost`, the name the kit's card-secrets check allows for a development deployment.
const gw = await startTestGateway(testDatabases()[0]!, { wallClock: true, originHost: 'localhost' });
const token = await gw.session('alice');
console.log(JSON.stringify({ url: gw.url, token }));
const stop = async () => {
  await gw.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
