import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench` — every suite; `npm run bench -- <suite> [<suite>…]` — those only; `--json` prints JSON.
 *
 * Registering a suite: add `bench/<name>.bench.ts` exporting `suite: BenchSuite`. The runner finds it by file name,
 * so nobody edits this file to add one. A suite measures its subject *and* a baseline in the same run and reports
 * ratios, so figures compare on any machine (DESIGN §9).
 */
export type BenchRow = { name: string; value: number; unit: 'ms' | 'x' | 'kB' | 'count'; target?: string };
export type BenchSuite = { description: string; run: () => Promise<BenchRow[]> };

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `work` `warmup` times unmeasured, then `runs` times; returns each run's milliseconds. */
export async function measure(work: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

function available(): string[] {
  return readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.bench.ts'))
    .map((file) => file.slice(0, -'.bench.ts'.length))
    .sort();
}

function format(row: BenchRow): string {
  const digits = row.unit === 'ms' ? (row.value < 10 ? 2 : 1) : row.unit === 'x' ? 2 : 0;
  const value = `${row.value.toFixed(digits)} ${row.unit}`;
  return `  ${row.name.padEnd(64)} ${value.padStart(14)}${row.target === undefined ? '' : `   (target ${row.target})`}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const wanted = args.filter((a) => !a.startsWith('--'));
  const names = available();
  const unknown = wanted.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown bench suite: ${unknown.join(', ')}. Available: ${names.join(', ') || 'none'}.`);
    process.exit(2);
  }
  const results: Record<string, BenchRow[]> = {};
  for (const name of wanted.length > 0 ? wanted : names) {
    const module = (await import(pathToFileURL(`${BENCH_DIR}${name}.bench.ts`).href)) as { suite?: BenchSuite };
    if (module.suite === undefined) throw new Error(`bench/${name}.bench.ts exports no \`suite\`.`);
    if (!json) console.log(`\n▶ ${name}: ${module.suite.description}`);
    const rows = await module.suite.run();
    results[name] = rows;
    if (!json) for (const row of rows) console.log(format(row));
  }
  if (json) console.log(JSON.stringify(results, null, 2));
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
