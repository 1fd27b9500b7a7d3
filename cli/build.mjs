import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Builds the command-line door (`npm run build:cli`; cli/door.mjs runs it on demand when cli/fresh.mjs finds the
 * build stale), so a command runs compiled JavaScript instead of TypeScript compiled per call:
 *
 * 1. cli/ask.ts and everything it imports, bundled by esbuild into one minified CommonJS file, `ask.cjs`;
 * 2. a V8 startup snapshot of that bundle, `ask.blob` (`node --build-snapshot`): the modules already evaluated —
 *    the language model's lexicon expanded, the schemas built, the demo keys derived — so a command starts where
 *    they left off. When this Node cannot make one, the door runs `ask.cjs` instead (and says so here).
 * 3. `manifest.json`: every input with its size and time, the Node that built it, the outputs.
 *
 * Everything is written beside and renamed into place, so a command running meanwhile reads a whole build.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, '.cache/cli');

// Dexie opens a BroadcastChannel when it loads, to tell other tabs of a change. One command has no other tab, and a
// startup snapshot cannot hold an open channel, so the bundle hides the global before Dexie looks for it.
const BANNER = 'delete globalThis.BroadcastChannel;';

export async function buildCli({ outDir = OUT_DIR, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  mkdirSync(outDir, { recursive: true });
  const tag = `${process.pid}.${Date.now()}`;
  const bundle = join(outDir, `ask.${tag}.cjs`);
  const started = performance.now();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['cli/ask.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'eof',
    banner: { js: BANNER },
    metafile: true,
    logLevel: 'warning',
  });
  const bundled = performance.now();
  const blob = join(outDir, `ask.${tag}.blob`);
  const made = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', bundle], {
    cwd: outDir,
    encoding: 'utf8',
  });
  const snapshot = made.status === 0;
  if (!snapshot) {
    rmSync(blob, { force: true });
    log(
      `No startup snapshot on Node ${process.version} (the door runs the bundle instead): ${made.stderr.trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  // The project's own sources each by size and time; the packages by npm's record of the install
  // (node_modules/.package-lock.json, rewritten by every npm install or ci), so a fresh door stats a few hundred
  // files, not the two thousand the bundle reads from node_modules. A package edited by hand is not noticed.
  const own = Object.keys(result.metafile.inputs).filter((path) => !path.startsWith('node_modules/'));
  const installed = ['package-lock.json', 'node_modules/.package-lock.json'].filter((path) => {
    try {
      return statSync(resolve(ROOT, path)).isFile();
    } catch {
      return false;
    }
  });
  const inputs = {};
  for (const path of [...own, ...installed, 'cli/build.mjs', 'package.json']) {
    const seen = statSync(resolve(ROOT, path));
    inputs[path] = { size: seen.size, mtimeMs: seen.mtimeMs };
  }
  renameSync(bundle, join(outDir, 'ask.cjs'));
  if (snapshot) renameSync(blob, join(outDir, 'ask.blob'));
  const manifest = {
    node: process.version,
    builtAt: new Date().toISOString(),
    bundle: 'ask.cjs',
    ...(snapshot ? { snapshot: 'ask.blob' } : {}),
    inputs,
  };
  writeFileSync(join(outDir, `manifest.${tag}.json`), `${JSON.stringify(manifest, null, 1)}\n`);
  renameSync(join(outDir, `manifest.${tag}.json`), join(outDir, 'manifest.json'));
  const ms = (from, to) => `${((to - from) / 1000).toFixed(1)} s`;
  log(
    `Built the command line into ${relative(ROOT, outDir)}: ${Object.keys(inputs).length} files bundled in ${ms(started, bundled)}${snapshot ? `, snapshot in ${ms(bundled, performance.now())}` : ''}.`,
  );
  return manifest;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildCli().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
