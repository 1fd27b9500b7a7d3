import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import type { ChunkComposition } from '../scripts/extension-build/bundle-composition';
import { buildProductionExtension } from './chromium/build';
import { measureBuildSizes } from './chromium/bundle-sizes';
import type { BenchRow, BenchSuite } from './run';

/**
 * The extension's bundle, before → after (no browser: a production build into a private directory). "Before" is
 * bench/bundle-baseline.json, measured once on the tree before the move off delegation-toolkit (that tree cannot be
 * rebuilt here: its packages are gone), so the ratios compare against a recorded figure, not one from this run.
 * Then what each package costs in the worker and the page bridge: its share of the rendered (unminified) code
 * scaled to the minified script, an estimate; hex and base64 literals do not minify, so the contract bytecode's real
 * share is larger than its estimate and code's smaller.
 */
const TARGETS: Record<string, number> = { 'background.js': 1_800_000, 'content-scripts/page-bridge.js': 40_000 };
const SHOWN = 14;
const kB = (bytes: number) => bytes / 1000;

type Baseline = { scripts: Record<string, number>; allJavaScript: number };

function compositionRows(file: string, line: ChunkComposition): BenchRow[] {
  const rendered = Object.values(line.rendered).reduce((a, b) => a + b, 0);
  return Object.entries(line.rendered)
    .sort((a, b) => b[1] - a[1])
    .slice(0, SHOWN)
    .map(([owner, bytes]) => ({
      name: `${file}: ${owner} (estimated share)`,
      value: kB((bytes / rendered) * line.bytes),
      unit: 'kB' as const,
    }));
}

export const suite: BenchSuite = {
  description: 'the extension bundle: each script before → after, targets, and what each package costs',
  async run(): Promise<BenchRow[]> {
    const baseline = JSON.parse(readFileSync(new URL('bundle-baseline.json', import.meta.url), 'utf8')) as Baseline;
    const statsFile = join(tmpdir(), `home-agent-bundle-stats-${process.pid}.jsonl`);
    rmSync(statsFile, { force: true });
    process.env.HOME_AGENT_BUNDLE_STATS = statsFile;
    const built = await buildProductionExtension();
    delete process.env.HOME_AGENT_BUNDLE_STATS;
    try {
      const rows: BenchRow[] = [];
      const raw = (file: string) => readFileSync(join(built.dir, file)).length;
      for (const [file, before] of Object.entries(baseline.scripts)) {
        const after = existsSync(join(built.dir, file)) ? raw(file) : 0;
        const target = TARGETS[file];
        rows.push({ name: `${file}: before, raw (recorded)`, value: kB(before), unit: 'kB' });
        rows.push({
          name: `${file}: after, raw`,
          value: kB(after),
          unit: 'kB',
          ...(target === undefined ? {} : { target: `< ${kB(target)} kB` }),
        });
        rows.push({ name: `${file}: after / before`, value: after / before, unit: 'x' });
      }
      // The framework's init code, packaged beside the worker and read only when a fresh chain is deployed.
      const packaged = 'framework-bytecode.json';
      if (existsSync(join(built.dir, packaged))) {
        rows.push({ name: `${packaged} (read once, on a fresh chain), raw`, value: kB(raw(packaged)), unit: 'kB' });
      }
      const sizes = measureBuildSizes(built.dir);
      rows.push({ name: 'all JavaScript: before, raw (recorded)', value: kB(baseline.allJavaScript), unit: 'kB' });
      rows.push({ name: 'all JavaScript: after, raw', value: kB(sizes.jsRaw), unit: 'kB' });
      rows.push({ name: 'all JavaScript: after, gzip', value: kB(sizes.jsGzip), unit: 'kB' });
      rows.push({ name: 'all JavaScript: after / before', value: sizes.jsRaw / baseline.allJavaScript, unit: 'x' });
      const lines = readFileSync(statsFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as ChunkComposition);
      for (const file of Object.keys(TARGETS)) {
        const line = lines.find((l) => l.file === file);
        if (line !== undefined) rows.push(...compositionRows(file, line));
      }
      return rows;
    } finally {
      rmSync(statsFile, { force: true });
      rmSync(dirname(built.dir), { recursive: true, force: true });
    }
  },
};
