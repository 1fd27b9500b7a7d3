#!/usr/bin/env node
// Two revisions of this repository benchmarked against each other in the same session:
//   node bench/compare-revisions.mjs --before REV --after REV [--rounds 9] [--dir DIR] [suite …]
// Each revision is checked out in its own worktree under DIR (with its own `npm ci`), then the rounds interleave
// before and after suite by suite (`npx tsx bench/run.ts SUITE --json`), so a load change hits both sides alike.
// It prints, per millisecond row, the median over the rounds of the paired ratio after / before, its range, and in
// how many rounds the after side was slower. Rows whose names carry a measured value (e.g. "… 3.3 µs") pair by name
// only when both sides print the same name, so they drop out.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'HEAD' },
    rounds: { type: 'string', default: '9' },
    dir: { type: 'string', default: '.cache/compare-revisions' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.before) {
  console.log('usage: node bench/compare-revisions.mjs --before REV [--after REV] [--rounds N] [--dir DIR] [suite …]');
  process.exit(values.help ? 0 : 2);
}
const suites = positionals.length > 0 ? positionals : ['harness', 'harness-real', 'wallet', 'economy'];
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number, not "${values.rounds}"`);
const dir = resolve(values.dir);
mkdirSync(dir, { recursive: true });

const sides = { before: values.before, after: values.after };
for (const [side, rev] of Object.entries(sides)) {
  const tree = join(dir, side);
  const commit = execFileSync('git', ['rev-parse', rev], { encoding: 'utf8' }).trim();
  if (!existsSync(tree)) execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { stdio: 'inherit' });
  else execFileSync('git', ['checkout', '--detach', commit], { cwd: tree, stdio: 'inherit' });
  if (!existsSync(join(tree, 'node_modules')))
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
  console.log(`${side}: ${commit.slice(0, 12)} in ${tree}`);
}

const out = (side, suite, round) => join(dir, `${side}-${suite}-${round}.json`);
for (let round = 1; round <= rounds; round++) {
  for (const suite of suites) {
    for (const side of Object.keys(sides)) {
      const json = execFileSync('npx', ['tsx', 'bench/run.ts', suite, '--json'], {
        cwd: join(dir, side),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      writeFileSync(out(side, suite, round), json);
    }
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(`round ${round} of ${rounds} done (load ${load})`);
}

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const rowsOf = (side, suite, round) => {
  try {
    return JSON.parse(readFileSync(out(side, suite, round), 'utf8'))[suite] ?? [];
  } catch {
    return [];
  }
};
for (const suite of suites) {
  const ratios = new Map();
  for (let round = 1; round <= rounds; round++) {
    const after = rowsOf('after', suite, round);
    for (const row of rowsOf('before', suite, round)) {
      const twin = after.find((r) => r.name === row.name);
      if (row.unit !== 'ms' || !twin || row.value <= 0) continue;
      ratios.set(row.name, [...(ratios.get(row.name) ?? []), twin.value / row.value]);
    }
  }
  console.log(`\n${suite} (after / before, paired by round)`);
  for (const [name, list] of ratios) {
    if (list.length < rounds) continue;
    const s = [...list].sort((a, b) => a - b);
    const slower = list.filter((r) => r > 1).length;
    console.log(
      `  ${name.slice(0, 64).padEnd(64)} ${median(list).toFixed(2)} x  range ${s[0].toFixed(2)}–${s.at(-1).toFixed(2)}  slower in ${slower}/${list.length}`,
    );
  }
}
