import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const SKIP = new Set([
  'node_modules',
  '.output',
  '.wxt',
  '.git',
  '.cache',
  '.data',
  'test-results',
  'playwright-report',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const packageOf = (spec: string) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
const builtin = new Set(builtinModules);

/** Every bare import in the repository, by package, with the files importing it (type-only imports included). */
function imports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(root)) {
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (/^(\.|\/|node:|#|virtual:)/.test(fileName) || fileName.includes('://')) continue;
      const name = packageOf(fileName);
      if (builtin.has(name) || fileName === 'wxt/browser' || name === '@') continue;
      found.set(name, [...(found.get(name) ?? []), relative(root, file)]);
    }
  }
  return found;
}

/** Packages the build or the tools use, never the running product (the extension bundle or the gateway process). */
const BUILD_TIME = ['n3', 'rdf-validate-shacl', 'wxt', '@wxt-dev/module-react', 'solc', '@openzeppelin/contracts'];

describe('the dependencies in package.json', () => {
  const found = imports();

  it('declare every package the code imports', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
    // The no-telemetry test names the banned packages only to prove the lint rule refuses them.
    const undeclared = [...found.keys()].filter(
      (name) => !declared.has(name) && !['@metamask/smart-accounts-kit', '@metamask/delegation-toolkit'].includes(name),
    );
    expect(undeclared.map((name) => `${name} (${found.get(name)![0]})`)).toEqual([]);
  });

  it('keep build-time packages in devDependencies, and no deprecated toolkit anywhere', () => {
    for (const name of BUILD_TIME) {
      expect(pkg.dependencies, name).not.toHaveProperty(name);
      expect(pkg.devDependencies, name).toHaveProperty(name);
    }
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    expect(all).not.toHaveProperty('@metamask/delegation-toolkit');
    expect(all).not.toHaveProperty('@metamask/smart-accounts-kit');
  });
});
