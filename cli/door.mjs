import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, OUT_DIR, ROOT } from './build.mjs';
import { staleness } from './fresh.mjs';

/**
 * `npm run ask`: runs the built command-line door (cli/build.mjs) — its startup snapshot when there is one, else
 * its bundle — building it first when cli/fresh.mjs finds it missing or older than its sources. Plain JavaScript,
 * so starting it compiles nothing. The door's own exit code (and signal) is this process's.
 */
const why = staleness(OUT_DIR, ROOT);
if (why !== null) {
  process.stderr.write(`Building the command line first (${why})…\n`);
  await buildCli();
}
const manifest = JSON.parse(readFileSync(join(OUT_DIR, 'manifest.json'), 'utf8'));
const args = process.argv.slice(2);
const node =
  manifest.snapshot === undefined
    ? [join(OUT_DIR, manifest.bundle), ...args]
    : ['--snapshot-blob', join(OUT_DIR, manifest.snapshot), '--', ...args];
const child = spawn(process.execPath, node, { stdio: 'inherit' });
// Ctrl-C reaches the door itself (one process group); this process only waits for its answer.
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => {
  if (signal !== null) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
