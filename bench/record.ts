import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow, BenchSuite } from './run';

/**
 * `npx tsx bench/record.ts` — the whole `npm run bench` (every suite, `bench/run.ts --json` in its own process, so the
 * figures are the same run's), then its tables written into PROOF.md between its bench markers, with the date, Node,
 * the CPUs, the load average at the start and the end, and how long it took. `--print` prints the Markdown instead of
 * writing it. The benchmarks are not in CI; this is how PROOF.md's figures are made.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BEGIN = '<!-- bench:latest-run:begin -->';
const END = '<!-- bench:latest-run:end -->';

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

/** As the terminal prints it, except that a count that is not whole keeps two decimals (calls per case: 0.56). */
function format(row: BenchRow): string {
  const digits =
    row.unit === 'ms'
      ? row.value < 10
        ? 2
        : 1
      : row.unit === 'x'
        ? 2
        : Number.isInteger(row.value) || Math.abs(row.value) >= 100
          ? 0
          : 2;
  return `${row.value.toFixed(digits)} ${row.unit === 'count' ? '' : row.unit}`.trim();
}

async function runAll(): Promise<Record<string, BenchRow[]>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--json'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => void (out += String(c)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run bench exited with ${code}`);
  // The JSON is the last thing printed; anything a suite printed before it is left aside.
  return JSON.parse(out.slice(out.search(/^\{$/m))) as Record<string, BenchRow[]>;
}

async function descriptionOf(name: string): Promise<string> {
  const module = (await import(pathToFileURL(`${ROOT}bench/${name}.bench.ts`).href)) as { suite?: BenchSuite };
  return module.suite?.description ?? '';
}

async function main(): Promise<void> {
  const started = performance.now();
  const startLoad = load();
  const results = await runAll();
  const minutes = (performance.now() - started) / 60_000;
  const names = readdirSync(`${ROOT}bench`)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length))
    .sort();
  const out: string[] = [
    `Run on ${new Date().toISOString().slice(0, 10)} with Node ${process.versions.node} on ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}); ` +
      `load average (1 / 5 / 15 min) ${startLoad} at the start, ${load()} at the end; the whole \`npm run bench\` took ${minutes.toFixed(1)} min.`,
  ];
  for (const name of names) {
    const rows = results[name];
    if (rows === undefined) continue;
    out.push('', `#### ${name} — ${await descriptionOf(name)}`, '', '| row | value | target |', '| --- | --- | --- |');
    for (const row of rows)
      out.push(`| ${row.name.trim().replace(/\|/g, '/')} | ${format(row)} | ${row.target ?? ''} |`);
  }
  const body = out.join('\n');
  if (process.argv.includes('--print')) {
    console.log(body);
    return;
  }
  const path = `${ROOT}PROOF.md`;
  const doc = readFileSync(path, 'utf8');
  const at = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (at < 0 || end < at) throw new Error(`PROOF.md has no ${BEGIN} … ${END} section to write into.`);
  writeFileSync(path, `${doc.slice(0, at + BEGIN.length)}\n${body}\n${doc.slice(end)}`);
  console.error(`PROOF.md: the bench tables of this run written (${minutes.toFixed(1)} min).`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
