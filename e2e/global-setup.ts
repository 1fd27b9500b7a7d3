import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, ROOT } from './paths';

/** Inputs of the extension build: a newer file here than the built manifest means the build is stale. */
const BUILD_INPUTS = ['entrypoints', 'src', 'public', 'wxt.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/**
 * ONE extension build for every browser test. `npm test` builds just before this runs (scripts/test.mjs), so the
 * output is fresher than its sources and nothing is rebuilt; a direct `npx playwright test` builds only when a
 * source changed since the last build.
 */
export default function globalSetup(): void {
  const manifest = join(EXTENSION_DIR, 'manifest.json');
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(ROOT, input))));
  if (built > sources) {
    console.log('e2e: the extension build in .output/chrome-mv3 is fresher than its sources; using it.');
    return;
  }
  console.log('e2e: building the extension once for every spec (npx wxt build)…');
  execSync('npx wxt build', { cwd: ROOT, stdio: 'inherit' });
}
