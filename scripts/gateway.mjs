// `npm run gateway`: the HeartCoach gateway. The server `npm run build:gateway` bundled
// (.output/gateway-server/main.mjs) when none of its sources is newer than it; otherwise gateway/main.ts itself
// through tsx, saying why on stderr, so an edited source never runs stale.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, '.output', 'gateway-server', 'main.mjs');

function staleness() {
  if (!existsSync(BUNDLE)) return 'the server is not built (npm run build:gateway)';
  const built = statSync(BUNDLE).mtimeMs;
  const inputs = JSON.parse(readFileSync(join(ROOT, '.output', 'gateway-server', 'inputs.json'), 'utf8'));
  const newer = inputs.find((path) => {
    const full = join(ROOT, path);
    return !existsSync(full) || statSync(full).mtimeMs > built;
  });
  return newer === undefined ? null : `${newer} is newer than the built server (npm run build:gateway)`;
}

const stale = staleness();
if (stale === null) {
  await import(pathToFileURL(BUNDLE).href);
} else {
  console.error(`[gateway] running gateway/main.ts through tsx: ${stale}.`);
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, 'gateway', 'main.ts')).href);
}
