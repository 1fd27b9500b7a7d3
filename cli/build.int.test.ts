import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, ROOT } from './build.mjs';
import { staleness } from './fresh.mjs';

let outDir: string;
let manifest: { inputs: Record<string, { size: number; mtimeMs: number }> };

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'home-cli-build-'));
  manifest = await buildCli({ outDir, log: () => {} });
}, 180_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the built command-line door', () => {
  it("records the project's own sources one by one and the packages by npm's record of the install", () => {
    const paths = Object.keys(manifest.inputs);
    expect(paths).toContain('cli/main.ts');
    expect(paths).toContain('src/harness/index.ts');
    expect(paths).toContain('package-lock.json');
    expect(paths).toContain('node_modules/.package-lock.json');
    expect(paths.filter((path) => path.startsWith('node_modules/'))).toEqual(['node_modules/.package-lock.json']);
    // A few hundred files to check per command, not the thousands the bundle reads.
    expect(paths.length).toBeLessThan(1000);
    expect(staleness(outDir, ROOT)).toBeNull();
  });

  it('is stale once npm installs again (its record of the install no longer matches)', async () => {
    // As if `npm ci` ran after the build: the manifest's record of the install is older than the file.
    const file = join(outDir, 'manifest.json');
    const written = JSON.parse(await readFile(file, 'utf8')) as typeof manifest;
    written.inputs['node_modules/.package-lock.json']!.mtimeMs -= 1000;
    await writeFile(file, JSON.stringify(written));
    expect(staleness(outDir, ROOT)).toBe('node_modules/.package-lock.json changed');
  });
});
