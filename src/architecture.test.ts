import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rule of STYLE.md, checked by reading the source (lint can be bypassed; this cannot): src/harness may
 * import only itself, src/protocol, src/ontology and pure libraries. A breach names the file and the import.
 */
const ROOT = resolve(__dirname, '..');
const PURE_LIBRARIES = new Set(['zod', 'viem', '@noble/hashes', '@noble/curves', 'compromise']);
const ALLOWED_DIRS = ['src/harness', 'src/protocol', 'src/ontology'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) specifiers.push((match[1] ?? match[2] ?? match[3]) as string);
  return specifiers;
}

export function breachesOf(file: string, source: string): string[] {
  return importsOf(source).flatMap((specifier) => {
    if (specifier.startsWith('.')) {
      const target = relative(ROOT, resolve(dirname(file), specifier));
      return ALLOWED_DIRS.some((dir) => target === dir || target.startsWith(`${dir}/`)) ? [] : [specifier];
    }
    if (specifier.startsWith('@/') || specifier.startsWith('~/')) {
      const target = specifier.slice(2);
      return ALLOWED_DIRS.some((dir) => target === dir || target.startsWith(`${dir}/`)) ? [] : [specifier];
    }
    const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    if (specifier.startsWith('viem/') && !['viem/accounts', 'viem/utils', 'viem/chains'].includes(specifier))
      return [specifier];
    return PURE_LIBRARIES.has(pkg) ? [] : [specifier];
  });
}

describe('architecture: the harness is pure', () => {
  it('imports only src/protocol, src/ontology and pure libraries', () => {
    const harness = join(ROOT, 'src/harness');
    const breaches = sourceFiles(harness).flatMap((file) =>
      breachesOf(file, readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)} imports ${s}`),
    );
    expect(breaches).toEqual([]);
  });

  it('catches a breach when one is planted', () => {
    const file = join(ROOT, 'src/harness/plan/plan.ts');
    const planted = [
      "import Dexie from 'dexie';",
      "import { db } from '../../vault/db';",
      "import { browser } from 'wxt/browser';",
      "export { x } from '../../adapters/model';",
      "const m = await import('node:fs');",
      "import { createPublicClient } from 'viem';",
      "import { readContract } from 'viem/actions';",
      "import { digestOf } from '../../protocol/digest';",
      "import { CAPABILITIES } from '../../ontology/capabilities.generated';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(breachesOf(file, planted)).toEqual([
      'dexie',
      '../../vault/db',
      'wxt/browser',
      '../../adapters/model',
      'node:fs',
      'viem/actions',
    ]);
  });
});
