#!/usr/bin/env node
// `npm test`: the whole suite on a fresh machine. Installs what is missing (npm ci; Debian's chromium and
// postgresql when running as root), starts the servers the tests need, then runs every part and prints how long
// each took. Uses only Node built-ins, so it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureNodeModules, ensurePostgres } from './system-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

const only = process.argv.slice(2);
const timings = [];

function step(name, command, env = {}) {
  if (only.length > 0 && !only.includes(name)) return;
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push([name, seconds, result.status === 0 ? 'ok' : 'FAILED']);
  if (result.status !== 0) {
    printTimings();
    console.error(`\n✖ ${name} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function printTimings() {
  console.log('\npart            seconds  result');
  for (const [name, seconds, status] of timings) console.log(`${name.padEnd(15)} ${seconds.padStart(7)}  ${status}`);
}

const installed = ensureNodeModules();
if (installed !== undefined) timings.push(['install', installed, 'ok']);
const chromium = ensureChromium();
const database = await ensurePostgres();

step('ontology', 'npm run --silent ontology -- --check');
step('contracts', 'npm run --silent contracts -- --check');
step('format', 'npx prettier --check . --log-level warn');
step('typecheck', 'npx tsc --noEmit -p tsconfig.json');
step('lint', 'npx eslint . --max-warnings=0');
step('unit', 'npx vitest run --project unit');
step('integration', 'npx vitest run --project integration', database ? { TEST_DATABASE_URL: database } : {});
// The one extension build every browser test shares: e2e/global-setup.ts finds it fresher than its sources and
// does not build again (run alone, `npx playwright test -c e2e/playwright.config.ts` builds only when stale).
step('build', 'npx wxt build');
step('e2e', 'npx playwright test -c e2e/playwright.config.ts', { CHROMIUM_PATH: chromium });
printTimings();
