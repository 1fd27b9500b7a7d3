import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFiles } from './pipeline';

/** How one generated file differs from what the Turtle produces. */
export type Drift =
  | { file: string; kind: 'missing' }
  | { file: string; kind: 'extra' }
  | { file: string; kind: 'changed'; changedLines: number; firstLine: number; expected: string; actual: string };

const GENERATED = /\.generated\.ts$/;

function firstDifference(expected: string, actual: string): Drift & { kind: 'changed' } {
  const want = expected.split('\n');
  const have = actual.split('\n');
  let changed = 0;
  let first = -1;
  for (let i = 0; i < Math.max(want.length, have.length); i++) {
    if (want[i] === have[i]) continue;
    changed++;
    if (first < 0) first = i;
  }
  const clip = (line: string | undefined) => (line === undefined ? '(end of file)' : line.trim().slice(0, 100));
  return {
    file: '',
    kind: 'changed',
    changedLines: changed,
    firstLine: first + 1,
    expected: clip(want[first]),
    actual: clip(have[first]),
  };
}

/** Compares the generated files with the *.generated.ts files in `outDir`. An empty list means no drift. */
export function findDrift(files: GeneratedFiles, outDir: string): Drift[] {
  const drift: Drift[] = [];
  for (const [file, expected] of files) {
    const path = join(outDir, file);
    if (!existsSync(path)) {
      drift.push({ file, kind: 'missing' });
      continue;
    }
    const actual = readFileSync(path, 'utf8');
    if (actual !== expected) drift.push({ ...firstDifference(expected, actual), file });
  }
  const onDisk = existsSync(outDir) ? readdirSync(outDir).filter((name) => GENERATED.test(name)) : [];
  for (const file of onDisk.sort()) if (!files.has(file)) drift.push({ file, kind: 'extra' });
  return drift;
}

/** The drift in words, one file per line, with the first differing line of each changed file. */
export function describeDrift(drift: readonly Drift[], outLabel: string): string {
  const lines = drift.map((d) => {
    if (d.kind === 'missing') return `  - ${outLabel}/${d.file} is missing (the Turtle produces it).`;
    if (d.kind === 'extra') return `  - ${outLabel}/${d.file} is not produced by the Turtle any more.`;
    return `  - ${outLabel}/${d.file}: ${d.changedLines} line(s) differ; first at line ${d.firstLine}\n      expected: ${d.expected}\n      on disk:  ${d.actual}`;
  });
  return `The generated ontology drifted from its Turtle (${drift.length} file(s)):\n${lines.join('\n')}\nRun \`npm run ontology\` and commit the result (never edit *.generated.ts by hand).`;
}
