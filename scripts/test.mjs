#!/usr/bin/env node
// `npm test`: the whole suite on a fresh machine. Installs what is missing (npm ci; Debian's chromium and
// postgresql when running as root), starts the servers the tests need, then runs every part — on to the next even
// when one fails, so one run shows everything that is wrong — prints the table of all parts with how long each took,
// and exits non-zero when any failed. `node scripts/test.mjs unit lint` runs only the parts named.
// Uses only Node built-ins, so it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureHaproxy, ensureNodeModules, ensurePostgres } from './system-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

const PARTS = ['ontology', 'format', 'typecheck', 'lint', 'unit', 'integration', 'build', 'e2e'];
const only = process.argv.slice(2);
const unknown = only.filter((name) => !PARTS.includes(name));
if (unknown.length > 0) {
  console.error(`No part named ${unknown.join(', ')}; the parts are: ${PARTS.join(', ')}.`);
  process.exit(2);
}
const wanted = (name) => only.length === 0 || only.includes(name);
const timings = [];

function step(name, command, env = {}) {
  if (!wanted(name)) return;
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const passed = result.status === 0;
  timings.push([name, seconds, passed ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`]);
  if (!passed) console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}); running the other parts.`);
}

function printTimings() {
  console.log('\npart            seconds  result');
  for (const [name, seconds, status] of timings) console.log(`${name.padEnd(15)} ${seconds.padStart(7)}  ${status}`);
}

const installed = ensureNodeModules();
if (installed !== undefined) timings.push(['install', installed, 'ok']);
// Only the parts that use them need Chromium, PostgreSQL and haproxy, so `node scripts/test.mjs lint` installs none.
const chromium = wanted('e2e') ? ensureChromium() : undefined;
const database = wanted('integration') ? await ensurePostgres() : undefined;
const haproxy = wanted('integration') ? ensureHaproxy() : undefined;

step('ontology', 'npm run --silent ontology -- --check');
step('contracts', 'npm run --silent contracts -- --check');
step('format', 'npx prettier --check . --log-level warn');
step('typecheck', 'npx tsc --noEmit -p tsconfig.json');
step('lint', 'npx eslint . --max-warnings=0');
step('unit', 'npx vitest run --project unit');
step('integration', 'npx vitest run --project integration', {
  ...(database ? { TEST_DATABASE_URL: database } : {}),
  ...(haproxy ? { HAPROXY_PATH: haproxy } : {}),
});
// The one extension build every browser test shares: e2e/global-setup.ts finds it fresher than its sources and
// does not build again (run alone, `npx playwright test -c e2e/playwright.config.ts` builds only when stale).
step('build', 'npm run --silent build');
step('e2e', 'npx playwright test -c e2e/playwright.config.ts', chromium ? { CHROMIUM_PATH: chromium } : {});
printTimings();
const failed = timings.filter(([, , status]) => status !== 'ok').map(([name]) => name);
if (failed.length > 0) {
  console.error(`\n✖ ${failed.length} of ${timings.length} parts failed: ${failed.join(', ')}.`);
  process.exit(1);
}
console.log(`\n✔ all ${timings.length} parts passed.`);
