import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleness } from './fresh.mjs';

/**
 * `npm run ask`: runs the built command-line door (cli/build.mjs) — its bundle in this very process, or its startup
 * snapshot in a child when this Node could make one — building it first when cli/fresh.mjs finds it missing or older
 * than its sources. Plain JavaScript, so starting it compiles nothing, and the builder (with esbuild) is loaded only
 * when a build is due: a fresh door costs one Node start, the freshness check and the bundle.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, '.cache/cli');

const why = staleness(OUT_DIR, ROOT);
if (why !== null) {
  process.stderr.write(`Building the command line first (${why})…\n`);
  const { buildCli } = await import('./build.mjs');
  await buildCli({ outDir: OUT_DIR });
}
const manifest = JSON.parse(readFileSync(join(OUT_DIR, 'manifest.json'), 'utf8'));
if (manifest.snapshot === undefined) {
  // The bundle reads its arguments from process.argv[2] on, as when `node` runs it: here argv[1] is this file.
  createRequire(import.meta.url)(join(OUT_DIR, manifest.bundle));
} else {
  const args = ['--snapshot-blob', join(OUT_DIR, manifest.snapshot), '--', ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  // Ctrl-C reaches the door itself (one process group); this process only waits for its answer.
  process.on('SIGINT', () => {});
  child.on('exit', (code, signal) => {
    if (signal !== null) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
