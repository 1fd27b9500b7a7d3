import { join } from 'node:path';
import { buildServerBundle, SERVER_DIR } from './build-server';
import { DEFAULT_PGLITE_TEMPLATE, ensurePgliteTemplate } from './desk/pglite-template';
import { buildPageFiles, writePageFiles } from './web/build-page';

/**
 * `npm run build:gateway` (part of `npm run build`): what the gateway needs built once, so no start pays for it —
 * the HeartCoach page bundled into .output/gateway-web/ (read by gateway/main.ts), the server itself bundled into
 * .output/gateway-server/ (run by scripts/gateway.mjs), and PGlite's initialised, empty data directory
 * (.data/pglite-template), which a first start copies instead of running initdb.
 */
const started = performance.now();
const out = process.env.WEB_DIR ?? join(process.cwd(), '.output', 'gateway-web');
const files = await buildPageFiles();
await writePageFiles(out, files);
const sources = await buildServerBundle();
await ensurePgliteTemplate(DEFAULT_PGLITE_TEMPLATE);
console.log(
  `The gateway is built: the page (${files.length} files) in ${out}, the server (${sources} sources) in ${SERVER_DIR}, ` +
    `the PGlite template in ${DEFAULT_PGLITE_TEMPLATE} — ` +
    `${Math.round(performance.now() - started)} ms`,
);
