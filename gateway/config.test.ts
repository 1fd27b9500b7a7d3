import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signingSecretsOf } from './auth/signing-secrets';
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
    expect(readConfig({ ...base, SIGNING_KEYS_SECRET: 'x'.repeat(32) }).signingSecrets).toEqual({
      kind: 'secrets',
      secrets: ['x'.repeat(32)],
    });
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(readConfig({ ...base, GATEWAY_DEMO: '1' }).signingSecrets).toBeNull();
    expect(readConfig({ HEARTCOACH_SERVICE_KEY: base.HEARTCOACH_SERVICE_KEY }).signingSecrets).toBeNull();
  });

  it('while the secret is rotated it names several, newest first: the first seals, the others only open', () => {
    const base = { DATABASE_URL: 'postgres://h@127.0.0.1/d', HEARTCOACH_SERVICE_KEY: `0x${'1'.repeat(64)}` };
    const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(32));
    expect(readConfig({ ...base, SIGNING_KEYS_SECRET: `${b}, ${a}` }).signingSecrets).toEqual({
      kind: 'secrets',
      secrets: [b, a],
    });
    expect(readConfig({ ...base, SIGNING_KEYS_SECRET: `${c},${b},${a},` }).signingSecrets).toEqual({
      kind: 'secrets',
      secrets: [c, b, a],
    });
    // Each one is checked on its own, and refused in words naming which.
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: `${b},short` })).toThrow(
      /SIGNING_KEYS_SECRET\.1: each secret at least 32 characters/,
    );
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: ' , ' })).toThrow(
      /SIGNING_KEYS_SECRET: at least one secret/,
    );
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: `${a},${a}` })).toThrow(/each secret once/);
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: a, SIGNING_KEYS_SECRET_FILE: '/run/s' })).toThrow(
      /not both/,
    );
    // Retiring the keys no secret opens is asked for by name, never assumed.
    expect(readConfig({ ...base, SIGNING_KEYS_SECRET: a }).keyRing.retireUnopened).toBe(false);
    expect(readConfig({ ...base, SIGNING_KEYS_SECRET: a, SIGNING_KEYS_RETIRE: '1' }).keyRing.retireUnopened).toBe(true);
    expect(() => readConfig({ ...base, SIGNING_KEYS_SECRET: a, SIGNING_KEYS_RETIRE: 'yes' })).toThrow(
      /SIGNING_KEYS_RETIRE/,
    );
  });

  it('SIGNING_KEYS_SECRET_FILE holds the same: commas or one secret a line, each checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signing-secrets-'));
    const [a, b] = ['a', 'b'].map((x) => x.repeat(32));
    writeFileSync(join(dir, 'two'), `${b}\n${a}\n`);
    writeFileSync(join(dir, 'short'), `${b}\nshort\n`);
    await expect(signingSecretsOf({ kind: 'file', path: join(dir, 'two') })).resolves.toEqual([b, a]);
    await expect(signingSecretsOf({ kind: 'file', path: join(dir, 'short') })).rejects.toThrow(
      /SIGNING_KEYS_SECRET_FILE \(.*short\) was refused — 1: each secret at least 32 characters/,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
