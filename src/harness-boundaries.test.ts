import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Two rules of the harness's shape, checked by reading the sources (lint can be bypassed; this cannot):
 * - no import circle inside src/harness: a circle means two parts that cannot be read, tested or moved apart;
 * - everything outside src/harness reaches it only through its public faces: `src/harness/index.ts`, the shipped
 *   fakes at `src/harness/testing/index.ts`, and — for tests and proof/ only — the control run's seam.
 */
const ROOT = resolve(__dirname, '..');
const HARNESS = 'src/harness';
const FACES = new Set(['src/harness/index', 'src/harness/testing/index']);
/** The control run's seam has its own guard (proof/control-seam.test.ts): tests and proof/ only. */
const SEAM = new Set(['src/harness/testing/control-run', 'src/harness/kernel/control']);
const SCANNED = ['entrypoints', 'src', 'gateway', 'cli', 'eval', 'bench', 'proof', 'scripts', 'ontology', 'e2e'];

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) ? [path] : [];
  });
}

/** Relative module specifiers a source imports or re-exports (type-only ones too: they tie files as tightly). */
export function relativeImportsOf(source: string): string[] {
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]*)['"]|import\(\s*['"](\.[^'"]*)['"]\s*\)|^\s*import\s*['"](\.[^'"]*)['"]/gm;
  return [...source.matchAll(pattern)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

/** A module's id: its path from the root without the extension (`src/harness/kernel/ports`). */
const moduleOf = (file: string, specifier: string): string =>
  relative(ROOT, resolve(dirname(file), specifier)).replace(/\.(ts|tsx)$/, '');

/** Each module of src/harness (tests left out) and the modules of src/harness it imports. */
function harnessGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(ROOT, HARNESS))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const id = relative(ROOT, file).replace(/\.(ts|tsx)$/, '');
    const edges = relativeImportsOf(readFileSync(file, 'utf8'))
      .map((s) => moduleOf(file, s))
      .filter((m) => m.startsWith(`${HARNESS}/`));
    graph.set(id, [...new Set(edges.map((m) => (isDirectory(m) ? `${m}/index` : m)))]);
  }
  return graph;
}

const isDirectory = (module: string): boolean => {
  try {
    return statSync(join(ROOT, module)).isDirectory();
  } catch {
    return false;
  }
};

/** Every import circle in a graph, each as the list of modules around it (found by depth-first search). */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') circles.push(path.slice(path.indexOf(next)));
      else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (state.get(node) === undefined) visit(node);
  return circles;
}

/** Imports from outside src/harness that reach past its public faces, as "file imports specifier". */
export function faceBreaches(files: readonly { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    const rel = relative(ROOT, file);
    if (rel.startsWith(`${HARNESS}/`)) return [];
    const testOrProof = rel.startsWith('proof/') || /\.test\.tsx?$/.test(rel);
    return relativeImportsOf(source).flatMap((specifier) => {
      const target = moduleOf(file, specifier);
      if (target !== HARNESS && !target.startsWith(`${HARNESS}/`)) return [];
      if (target === HARNESS || FACES.has(target) || target === `${HARNESS}/testing`) return [];
      if (SEAM.has(target) && testOrProof) return [];
      return [`${rel} imports ${specifier}`];
    });
  });
}

describe('architecture: the harness has no import circle', () => {
  it('finds none in src/harness', () => {
    const graph = harnessGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(circlesOf(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('catches a circle when one is planted', () => {
    const planted = new Map([
      ['kernel/ports', ['kernel/vocabulary']],
      ['kernel/vocabulary', []],
      ['plan/plan-stage', ['kernel/ports', 'ground/reading']],
      ['ground/reading', ['tools/tools']],
      ['tools/tools', ['plan/plan-stage']],
    ]);
    expect(circlesOf(planted)).toEqual([['ground/reading', 'tools/tools', 'plan/plan-stage']]);
  });
});

describe('architecture: outside code reaches the harness through its public faces', () => {
  it('finds no import past src/harness/index.ts or src/harness/testing/index.ts', () => {
    const files = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).map((file) => ({
      file,
      source: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(faceBreaches(files)).toEqual([]);
  });

  it('catches a breach when one is planted', () => {
    const planted = [
      {
        file: join(ROOT, 'src/agent/runs.ts'),
        source: "import { RunStateSchema } from '../harness/kernel/run-state';",
      },
      {
        file: join(ROOT, 'bench/harness.bench.ts'),
        source: "import { x } from '../src/harness/testing/memory-world';",
      },
      { file: join(ROOT, 'src/agent/home-agent.ts'), source: "import { createHarness } from '../harness';" },
      { file: join(ROOT, 'src/agent/home-agent.ts'), source: "import type { Ports } from '../harness/index';" },
      { file: join(ROOT, 'src/agent/a.test.ts'), source: "import { scriptedModel } from '../harness/testing';" },
      { file: join(ROOT, 'proof/x.ts'), source: "import { CONTROL_RUN } from '../src/harness/kernel/control';" },
      { file: join(ROOT, 'src/cli.ts'), source: "import { CONTROL_RUN } from './harness/kernel/control';" },
      { file: join(ROOT, 'src/harness/run/run-ask.ts'), source: "import { x } from '../kernel/run-state';" },
    ];
    expect(faceBreaches(planted)).toEqual([
      'src/agent/runs.ts imports ../harness/kernel/run-state',
      'bench/harness.bench.ts imports ../src/harness/testing/memory-world',
      'src/cli.ts imports ./harness/kernel/control',
    ]);
  });

  it('lint (eslint.config.js) refuses a planted breach too, and lets the faces through', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: ROOT });
    const restricted = async (file: string, source: string) =>
      (await eslint.lintText(source, { filePath: join(ROOT, file) }))
        .flatMap((r) => r.messages)
        .filter((m) => m.ruleId === 'no-restricted-imports').length;
    const use = '\nexport const used = [x];\n';
    expect(await restricted('src/agent/planted.ts', `import { x } from '../harness/kernel/run-state';${use}`)).toBe(1);
    expect(await restricted('bench/planted.ts', `import { x } from '../src/harness/testing/basics';${use}`)).toBe(1);
    expect(await restricted('src/planted.ts', `import { x } from './harness/run/run-ask';${use}`)).toBe(1);
    expect(await restricted('src/agent/planted.ts', `import { x } from '../harness/kernel/control';${use}`)).toBe(1);
    expect(await restricted('proof/planted.ts', `import { x } from '../src/harness/kernel/control';${use}`)).toBe(0);
    expect(await restricted('src/agent/planted.ts', `import { x } from '../harness';${use}`)).toBe(0);
    expect(await restricted('src/agent/planted.ts', `import { x } from '../harness/testing';${use}`)).toBe(0);
  });
});
