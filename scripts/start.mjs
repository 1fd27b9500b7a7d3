#!/usr/bin/env node
// `npm start`: Home Agent on this machine. Installs what is missing (npm ci; Debian's chromium when root and a
// display is there to show it), builds the extension, starts the local services, then opens Chromium with the
// extension loaded — or, without a display, says what to open and how. Node built-ins only, so it runs before npm ci.
import { execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { ensureChromium, ensureNodeModules } from './system-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const EXTENSION_DIR = `${root}.output/chrome-mv3`;
const PROFILE_DIR = `${root}.data/chromium-profile`;

/** Chromium's extension id: the first 128 bits of sha256(public key), each hex digit spelled a–p. */
function extensionIdOf(manifestPath) {
  const { key } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

ensureNodeModules();
console.log('▶ build: npm run build (the extension, then the gateway: its page and PGlite template)');
execSync('npm run --silent build', { stdio: 'inherit' });
const extensionId = extensionIdOf(`${EXTENSION_DIR}/manifest.json`);
// The Home opens with the demo profile offered first (DESIGN §5: demo data loads only when asked — the person
// picks a passphrase and presses "Load the demo profile"; `npm start -- --no-demo` offers a new key instead).
const offerDemo = !process.argv.includes('--no-demo');
const homeUrl = `chrome-extension://${extensionId}/options.html${offerDemo ? '?start=demo' : ''}`;

// ── Local services ─────────────────────────────────────────────────────────────────────────────────────────────
// Started before the browser opens, printed, and stopped with it: the HeartCoach coach gateway (`npm run gateway`,
// loopback; its desk in PGlite under .data/, seeded from the demo identities — GATEWAY_DEMO=1 and DEMO_SEED=1, which
// a deployment never sets: the public demo service key and the demo desk; its own embedded chain), with
// ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL passed through when set (otherwise HeartCoach answers 503
// coach_unconfigured and the extension says model planning is off). The person's vault and embedded chain live in
// the extension itself (IndexedDB in the Chromium profile under .data/).
/** @type {{ name: string, url: string, stop: () => void }[]} */
const services = [];

/** The HeartCoach gateway on loopback; resolves once it says it is ready. Env passes through. */
function startGateway() {
  const port = process.env.GATEWAY_PORT || '8787';
  const child = spawn(process.execPath, ['scripts/gateway.mjs'], {
    env: { GATEWAY_DEMO: '1', DEMO_SEED: '1', ...process.env, PORT: port },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (String(chunk).includes('HeartCoach gateway on')) {
        resolve({ name: 'HeartCoach gateway', url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', (code) => reject(new Error(`The HeartCoach gateway stopped (exit ${code}) before it was ready.`)));
  });
}
services.push(await startGateway());

function stopServices() {
  for (const service of services) service.stop();
}
// Ctrl-C, a closed terminal or a plain `kill`: the gateway stops with this process, never left holding its port.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
])
  process.on(signal, () => {
    stopServices();
    process.exit(code);
  });

for (const service of services) console.log(`  ${service.name}: ${service.url}`);
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (!hasDisplay) {
  console.log(`
Home Agent is built in ${EXTENSION_DIR}
There is no display here (DISPLAY is unset), so no browser was opened. On a machine with a screen:
  1. Open chrome://extensions in Chromium or Chrome and turn on "Developer mode".
  2. Click "Load unpacked" and choose the folder ${EXTENSION_DIR}
  3. Open ${homeUrl} (the Home), or click the Home Agent icon for the side panel and requests.
Or run \`npm start\` there, which opens Chromium with the extension already loaded.
The services above keep running for such a browser; press Ctrl-C to stop them.`);
  await new Promise(() => {});
}

const chromium = ensureChromium();
mkdirSync(PROFILE_DIR, { recursive: true });
const args = [
  `--user-data-dir=${PROFILE_DIR}`,
  `--disable-extensions-except=${EXTENSION_DIR}`,
  `--load-extension=${EXTENSION_DIR}`,
  '--no-first-run',
  homeUrl,
];
// Chromium refuses to run as root inside its sandbox.
if (typeof process.getuid === 'function' && process.getuid() === 0) args.unshift('--no-sandbox');
console.log(`▶ ${chromium} with Home Agent loaded (profile ${PROFILE_DIR}); close the window to stop.`);
const browser = spawn(chromium, args, { stdio: 'inherit' });
browser.on('exit', (code) => {
  stopServices();
  process.exit(code ?? 0);
});
