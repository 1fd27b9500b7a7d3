import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { ensurePgliteTemplate } from '../desk/pglite-template';
import { openPglite, openPostgres, type Sql } from '../desk/sql';
import type { TestDatabase } from '../testing/databases';
import { freePort } from '../testing/free-port';
import { startTestGateway, type TokenResponse } from '../testing/test-gateway';
import { keySeal } from './key-seal';
import { signingSecretsOf } from './signing-secrets';

/**
 * Rotating SIGNING_KEYS_SECRET as an operator does, on PGlite and PostgreSQL: a gateway started under A issues a
 * session; started again on the same desk and port under "B,A" it still accepts the session and seals the key
 * again under B; under "B" alone it still accepts it; under "C" alone it refuses to start, in words, and leaves the
 * key alone; with SIGNING_KEYS_RETIRE=1 it retires the key, and then the access token and the refresh token are
 * both refused, while a new sign-in works.
 */
const [A, B, C] = ['a', 'b', 'c'].map((x) => `${x}${x}-signing-keys-secret-`.padEnd(40, x));
const URL_ = process.env.TEST_DATABASE_URL;

/** One desk, opened again at each start: a PGlite folder, or a PostgreSQL schema. */
async function oneDesk(kind: 'pglite' | 'postgres'): Promise<TestDatabase & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'rotation-desk-'));
    return {
      name: 'pglite',
      open: async () => openPglite({ dataDir: join(dir, 'pgdata'), template: await ensurePgliteTemplate() }),
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const schema = `rotation_t${process.pid}_${Date.now().toString(36)}`;
  return {
    name: 'postgres',
    open: () => openPostgres({ url: URL_!, schema, max: 4 }),
    drop: async () => (await openPostgres({ url: URL_!, schema, max: 1, dropOnClose: true })).close(),
  };
}

/** The secrets as the gateway reads them from its environment. */
const secrets = async (value: string) =>
  (await signingSecretsOf(
    readConfig({ SIGNING_KEYS_SECRET: value, HEARTCOACH_SERVICE_KEY: `0x${'1'.repeat(64)}` }).signingSecrets,
  ))!;

const kinds = URL_ === undefined || URL_ === '' ? (['pglite'] as const) : (['pglite', 'postgres'] as const);

describe.each(kinds)('rotating SIGNING_KEYS_SECRET on %s', (kind) => {
  let desk: Awaited<ReturnType<typeof oneDesk>>;
  let port = 0;
  beforeAll(async () => {
    desk = await oneDesk(kind);
    port = await freePort();
  });
  afterAll(() => desk?.drop());

  const start = async (value: string, retire = false) =>
    startTestGateway(desk, { signingSecrets: await secrets(value), retireSigningKeys: retire, port });
  const me = (url: string, token: string) => fetch(`${url}/desk/me`, { headers: { authorization: `Bearer ${token}` } });
  const refresh = (url: string, token: string) =>
    fetch(`${url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: token }),
    });
  const storedKeys = async (sql: Sql) =>
    sql.query<{ kid: string; private_jwk: string }>(`SELECT kid, private_jwk FROM signing_keys`);

  it('A, then "B,A", then "B": the session lives on; "C" alone is refused; retired, both tokens end', async () => {
    // Under A: a session.
    let g = await start(A!);
    const session = (await g.signIn('dave')) as TokenResponse;
    const [key] = await storedKeys(g.gateway.sql);
    expect(keySeal([A!]).open(key!.kid, key!.private_jwk)).not.toBeNull();
    await g.close();

    // Under "B,A": the token is accepted, and the key is sealed again under B, so A can go.
    g = await start(`${B}, ${A}`);
    expect(g.gateway.resealed).toEqual({ resealed: [key!.kid], retired: [], sessionsEnded: 0 });
    expect((await me(g.url, session.access_token)).status).toBe(200);
    const [again] = await storedKeys(g.gateway.sql);
    expect(again!.private_jwk).not.toBe(key!.private_jwk);
    expect(keySeal([B!]).open(key!.kid, again!.private_jwk)?.newest).toBe(true);
    expect(keySeal([A!]).open(key!.kid, again!.private_jwk)).toBeNull();
    await g.close();

    // Under B alone: still accepted, nothing left to seal again; the refresh token works too.
    g = await start(B!);
    expect(g.gateway.resealed.resealed).toEqual([]);
    expect((await me(g.url, session.access_token)).status).toBe(200);
    const refreshed = await refresh(g.url, session.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as TokenResponse;
    await g.close();

    // Under C alone: the start is refused in words, naming the key and both ways on; the key is left as it was.
    await expect(start(C!)).rejects.toThrow(
      new RegExp(
        `did not start — The signing key \\(${key!.kid}\\) in the database no secret in SIGNING_KEYS_SECRET .* opens it\\. ` +
          'To rotate the secret, give the new one first and the old ones after it.*SIGNING_KEYS_RETIRE=1',
      ),
    );
    const sql = await desk.open();
    expect((await storedKeys(sql)).map((k) => k.private_jwk)).toEqual([again!.private_jwk]);
    await sql.close();

    // Retired under C: the key is gone, its access token refused, the session's refresh token refused with it.
    g = await start(C!, true);
    expect(g.gateway.resealed.retired).toEqual([key!.kid]);
    expect(g.gateway.resealed.sessionsEnded).toBeGreaterThanOrEqual(1);
    const refused = await me(g.url, next.access_token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /signed with a key its issuer does not publish/,
    );
    const noRefresh = await refresh(g.url, next.refresh_token);
    expect(noRefresh.status).toBe(401);
    expect(((await noRefresh.json()) as { detail: string }).detail).toMatch(/revoked; sign in again/);
    // Signing in again works, under a key sealed under C.
    expect((await me(g.url, (await g.signIn('dave')).access_token)).status).toBe(200);
    const [fresh] = await storedKeys(g.gateway.sql);
    expect(keySeal([C!]).open(fresh!.kid, fresh!.private_jwk)?.newest).toBe(true);
    await g.close();
  }, 240_000);
});
