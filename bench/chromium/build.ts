import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Builds the production extension exactly as `npx wxt build` does (same wxt.config.ts, production mode) into a
 * private directory: other helpers rebuild and test `.output/chrome-mv3` at any moment, and a benchmark must neither
 * load files that vanish under it nor replace files someone else's test is loading. The build runs in a child
 * process (this file as a script) because WXT's progress spinner writes to stdout, which `--json` keeps for the
 * figures. Returns the `chrome-mv3` directory and the build's milliseconds.
 */
export async function buildProductionExtension(): Promise<{ dir: string; ms: number }> {
  const outDir = mkdtempSync(join(tmpdir(), 'home-agent-bench-build-'));
  const started = performance.now();
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', THIS_FILE, outDir], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`The production build failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
  return { dir: join(outDir, 'chrome-mv3'), ms: performance.now() - started };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = process.argv[2];
  if (outDir === undefined) throw new Error('usage: node --import tsx bench/chromium/build.ts <outDir>');
  const { build } = await import('wxt');
  await build({ root: ROOT, outDir, mode: 'production' });
}
