import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle } from './build-server';

/**
 * The server bundle a start runs (gateway/build-server.ts): one module of the gateway's own sources whose static
 * imports leave out every engine a deployment may not use — PGlite and pg load with the desk they open, the embedded
 * EVM with the gateway's own chain — so a start pays only for what it runs (bench gateway-start).
 */
const LAZY = ['@electric-sql/pglite', 'pg', '@ethereumjs/vm', '@ethereumjs/evm'];

const staticImportsOf = (code: string) =>
  new Set([...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$/gm)].map((m) => m[1]!));

describe('the gateway server bundle', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists its sources and loads no engine it may not need at start', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-server-'));
    const sources = await buildServerBundle(dir);
    const inputs = JSON.parse(await readFile(join(dir, 'inputs.json'), 'utf8')) as string[];
    expect(inputs).toContain('gateway/main.ts');
    expect(inputs).toHaveLength(sources);
    expect(inputs.every((path) => !path.includes('node_modules'))).toBe(true);
    const main = staticImportsOf(await readFile(join(dir, 'main.mjs'), 'utf8'));
    expect(main.has('hono')).toBe(true);
    const startChunks = [...main].filter((m) => m.startsWith('./chunks/'));
    const atStart = new Set(main);
    for (const chunk of startChunks)
      for (const m of staticImportsOf(await readFile(join(dir, chunk), 'utf8'))) atStart.add(m);
    expect(LAZY.filter((m) => atStart.has(m))).toEqual([]);
    // The embedded chain is a chunk of its own, loaded when the gateway opens it.
    expect((await readdir(join(dir, 'chunks'))).some((f) => f.startsWith('open-embedded-chain-'))).toBe(true);
  });
});
