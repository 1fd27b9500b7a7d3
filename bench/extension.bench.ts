import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { rmSync } from 'node:fs';
import { buildProductionExtension } from './chromium/build';
import { benchTracesIn, measureBuildSizes, type BuildSizes } from './chromium/bundle-sizes';
import { measureColdStart, type ColdStartFigures } from './chromium/cold-start';
import { launchBenchBrowser } from './chromium/launch';
import type { Spread } from './chromium/stats';
import { bundleProbe, injectProbe, measureVaultSize, type VaultSizeFigures } from './chromium/vault-in-origin';
import { PROBE_GLOBAL } from './chromium/vault-probe';
import { median, type BenchRow, type BenchSuite } from './run';

/**
 * The built extension in Debian's Chromium: the production build (`wxt build`, made here into a
 * private directory), its bundle sizes; the background worker's cold start from the persisted demo Home to the
 * first verification and the first answer (bench/chromium/cold-start.ts); the vault at 10k and 100k records in the
 * extension's own origin (bench/chromium/vault-in-origin.ts). Baselines from the same run: a worker woken by a
 * no-op message, and IndexedDB's bare `get` by primary key.
 */
const ROUNDS = 15;
const VAULT_RUNS = 51;
const SIZES = [10_000, 100_000] as const;

const kB = (bytes: number) => bytes / 1000;
const load = () => loadavg()[0]!.toFixed(2);

function spreadRows(name: string, s: Spread, target?: string): BenchRow[] {
  return [
    { name: `${name}, median of ${s.n}`, value: s.median, unit: 'ms', ...(target === undefined ? {} : { target }) },
    { name: `${name}, p90`, value: s.p90, unit: 'ms', ...(target === undefined ? {} : { target }) },
  ];
}

function sizeRows(sizes: BuildSizes, traces: string[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const e of sizes.entries) {
    const label = e.files.length === 1 ? e.entry : `${e.entry} (${e.files.length} scripts with its chunks)`;
    rows.push({ name: `bundle: ${label}, raw`, value: kB(e.raw), unit: 'kB' });
    rows.push({ name: `bundle: ${label}, gzip`, value: kB(e.gzip), unit: 'kB' });
  }
  rows.push({ name: 'bundle: all JavaScript, each file once, raw', value: kB(sizes.jsRaw), unit: 'kB' });
  rows.push({ name: 'bundle: all JavaScript, each file once, gzip', value: kB(sizes.jsGzip), unit: 'kB' });
  rows.push({
    name: `bundle: the whole build directory (${sizes.files} files), raw`,
    value: kB(sizes.allRaw),
    unit: 'kB',
  });
  rows.push({
    name: `bench code in the production build (files${traces.length > 0 ? `: ${traces.join(', ')}` : ''})`,
    value: traces.length,
    unit: 'count',
    target: '0',
  });
  return rows;
}

function coldRows(f: ColdStartFigures): BenchRow[] {
  return [
    ...spreadRows('cold wake, no-op message (router.stats): worker start alone — baseline', f.cold.noop),
    ...spreadRows('cold wake, worker.status (start + open the vault)', f.cold.status),
    ...spreadRows('cold start to first answer: compiled read (ask)', f.cold.read, '≤ 1500 ms'),
    ...spreadRows('cold start to first verification: agent.sign → done (ERC-1271)', f.cold.sign, '≤ 1500 ms'),
    { name: `warm: no-op message, median of ${f.warm.noop.n}`, value: f.warm.noop.median, unit: 'ms' },
    { name: `warm: compiled read (ask), median of ${f.warm.read.n}`, value: f.warm.read.median, unit: 'ms' },
    { name: `warm: agent.sign → done, median of ${f.warm.sign.n}`, value: f.warm.sign.median, unit: 'ms' },
    {
      name: 'cold first answer / cold no-op wake (medians)',
      value: f.cold.read.median / f.cold.noop.median,
      unit: 'x',
    },
    {
      name: 'cold first verification / cold no-op wake (medians)',
      value: f.cold.sign.median / f.cold.noop.median,
      unit: 'x',
    },
    { name: 'cold first answer / warm answer (medians)', value: f.cold.read.median / f.warm.read.median, unit: 'x' },
    { name: 'cold first verification / warm (medians)', value: f.cold.sign.median / f.warm.sign.median, unit: 'x' },
  ];
}

function vaultRows(v: VaultSizeFigures, stretchMs: number): BenchRow[] {
  const at = `at ${v.n / 1000}k`;
  return [
    { name: `vault ${at}: fill, one validated bulk put`, value: v.fillMs, unit: 'ms' },
    ...spreadRows(
      `vault ${at}: query by type and owner (${v.queryRows} rows)`,
      v.query,
      v.n === 100_000 ? '≤ 10 ms' : undefined,
    ),
    ...spreadRows(`vault ${at}: same query, limit 20 rows`, v.queryLimited),
    ...spreadRows(`vault ${at}: bare IndexedDB get by primary key — baseline`, v.bareGet),
    ...spreadRows(`vault ${at}: receipt append`, v.append),
    { name: `vault ${at}: query / bare get (medians)`, value: v.query.median / v.bareGet.median, unit: 'x' },
    {
      name: `vault ${at}: query limit 20 / bare get (medians)`,
      value: v.queryLimited.median / v.bareGet.median,
      unit: 'x',
    },
    { name: `vault ${at}: receipt append / bare get (medians)`, value: v.append.median / v.bareGet.median, unit: 'x' },
    { name: `vault ${at}: export, encrypted (${v.exportMB.toFixed(1)} MB file), once`, value: v.exportMs, unit: 'ms' },
    { name: `vault ${at}: import of that file into an empty vault, once`, value: v.importMs, unit: 'ms' },
    { name: `vault ${at}: export / one scrypt stretch`, value: v.exportMs / stretchMs, unit: 'x' },
    { name: `vault ${at}: import / one scrypt stretch`, value: v.importMs / stretchMs, unit: 'x' },
  ];
}

export const suite: BenchSuite = {
  description:
    'the built extension in Chromium: bundle sizes, worker cold start to first verification and first answer, the vault at 10k and 100k records in the extension origin',
  async run(): Promise<BenchRow[]> {
    const startLoad = load();
    const built = await buildProductionExtension();
    console.error(
      `extension: production build in ${(built.ms / 1000).toFixed(1)} s (wxt build into a private directory)`,
    );
    try {
      const traces = benchTracesIn(built.dir, [PROBE_GLOBAL, 'vault-probe']);
      if (traces.length > 0) throw new Error(`The production build holds bench code: ${traces.join(', ')}`);
      const rows = sizeRows(measureBuildSizes(built.dir), traces);
      const probeCode = await bundleProbe();
      const browser = await launchBenchBrowser(built.dir);
      try {
        rows.push(...coldRows(await measureColdStart(browser, ROUNDS)));
        const openProbe = () => injectProbe(browser, probeCode);
        const probe = await openProbe();
        await probe.call('stretchOnce'); // the first pays for compiling the scrypt code
        const stretchMs = median([
          await probe.call('stretchOnce'),
          await probe.call('stretchOnce'),
          await probe.call('stretchOnce'),
        ]);
        await probe.page.close();
        rows.push({
          name: 'one scrypt stretch (N=2^17, r=8), the floor of export and import — baseline, median of 3',
          value: stretchMs,
          unit: 'ms',
        });
        for (const n of SIZES) rows.push(...vaultRows(await measureVaultSize(openProbe, n, VAULT_RUNS), stretchMs));
      } finally {
        await browser.close();
      }
      rows.push({
        name: `CPUs (load average over 1 min: ${startLoad} at the start, ${load()} at the end)`,
        value: cpus().length,
        unit: 'count',
      });
      return rows;
    } finally {
      rmSync(dirname(built.dir), { recursive: true, force: true });
    }
  },
};
