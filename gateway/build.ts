import { join } from 'node:path';
import { buildServerBundle, SERVER_DIR } from './build-server';
import { DEFAULT_PGLITE_TEMPLATE, ensurePgliteTemplate } from './desk/pglite-template';
import { DEFAULT_CHAIN_TEMPLATE, ensureChainTemplate } from './wallet/open-gateway-chain';
import { buildPageFiles, writePageFiles } from './web/build-page';

/**
 * `npm run build:gateway` (part of `npm run build`): what the gateway needs built once, so no start pays for it —
 * the HeartCoach page bundled into .output/gateway-web/ (read by gateway/main.ts), the server itself bundled into
 * .output/gateway-server/ (run by scripts/gateway.mjs), and PGlite's initialised, empty data directory
 * (.data/pglite-template) migrated to the desk's schema, and the embedded chain with the home deployment
 * (.data/gateway-chain-template.bin): a first start copies both instead of running initdb, the migrations and the
 * deployment.
 */
const started = performance.now();
const out = process.env.WEB_DIR ?? join(process.cwd(), '.output', 'gateway-web');
const files = await buildPageFiles();
await writePageFiles(out, files);
const sources = await buildServerBundle();
await ensurePgliteTemplate(DEFAULT_PGLITE_TEMPLATE, true);
await ensureChainTemplate(DEFAULT_CHAIN_TEMPLATE, true);
console.log(
  `The gateway is built: the page (${files.length} files) in ${out}, the server (${sources} sources) in ${SERVER_DIR}, ` +
    `the PGlite template in ${DEFAULT_PGLITE_TEMPLATE}, the chain template in ${DEFAULT_CHAIN_TEMPLATE} — ` +
    `${Math.round(performance.now() - started)} ms`,
);
