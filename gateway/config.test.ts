import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, readConfig } from './config';

/**
 * README's table of environment variables against what the gateway reads: every variable of the configuration and
 * every `process.env.X` in gateway/ outside tests, test support and the page's code has a row, with a default.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Test support and the page's browser code read no environment of the gateway's.
    if (entry.isDirectory()) return entry.name === 'testing' || path.endsWith(join('web', 'src')) ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The README table's rows: variable → default. */
function readmeRows(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const rows = new Map<string, string>();
  for (const match of readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \|/gm)) rows.set(match[1]!, match[2]!.trim());
  return rows;
}

describe("the gateway's environment variables", () => {
  it('README lists every variable the gateway reads, each with its default', () => {
    const read = new Set(ENV_VARIABLES);
    for (const file of sources(join(ROOT, 'gateway')))
      for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) read.add(match[1]!);
    expect(read.size).toBeGreaterThan(30);
    const rows = readmeRows();
    const missing = [...read].filter((name) => !rows.has(name));
    expect(missing).toEqual([]);
    for (const name of read) expect(rows.get(name), name).not.toBe('');
  });

  it('on PostgreSQL the signing keys need their secret, unless the demo is asked for', () => {
    const base = { DATABASE_URL: 'postgres://h@127.0.0.1/d', HEARTCOACH_SERVICE_KEY: `0x${'1'.repeat(64)}` };
    expect(() => readConfig(base)).toThrow(/SIGNING_KEYS_SECRET/);
    expect(readConfig({ ...base, SIGNING_KEYS_SECRET: 'x'.repeat(32) }).signingSecret).toEqual({
      kind: 'secret',
      secret: 'x'.repeat(32),
    });
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(readConfig({ ...base, GATEWAY_DEMO: '1' }).signingSecret).toBeNull();
    expect(readConfig({ HEARTCOACH_SERVICE_KEY: base.HEARTCOACH_SERVICE_KEY }).signingSecret).toBeNull();
  });
});
