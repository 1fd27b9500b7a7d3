import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDesk } from '../desk/schema';
import type { Sql } from '../desk/sql';
import { testDatabases } from '../testing/databases';
import { sweepExpired } from './sweep';

/**
 * The expiry sweep on PGlite and PostgreSQL: of each table that grows with use, one row past its end and one still
 * live — the sweep deletes exactly the first.
 */
const NOW = new Date('2026-09-29T12:00:00Z');
const PAST = '2026-09-29T11:00:00Z';
const LONG_PAST = '2026-09-29T10:00:00Z';
const FUTURE = '2026-09-30T12:00:00Z';

describe.each(testDatabases())('the expiry sweep on $name', (database) => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await database.open();
    await migrateDesk(sql);
  });
  afterAll(() => sql.close());

  it('deletes what expired and keeps what is live, in every table it sweeps', async () => {
    for (const [name, until] of [
      ['gone', PAST],
      ['kept', FUTURE],
    ] as const) {
      await sql.query(`INSERT INTO siwe_nonces (nonce, issued_at, expires_at) VALUES ($1, $2, $3)`, [
        name,
        PAST,
        until,
      ]);
      await sql.query(
        `INSERT INTO refresh_tokens (token_hash, subject, name, issued_at, expires_at, sid) VALUES ($1, '0xa', 'A', $2, $3, $1)`,
        [name, PAST, until],
      );
      await sql.query(`INSERT INTO sessions (sid, subject, issued_at, expires_at) VALUES ($1, '0xa', $2, $3)`, [
        name,
        PAST,
        until,
      ]);
      await sql.query(
        `INSERT INTO wires (hash, person, delegate, origin, expires_at, wire_json, registered_at)
         VALUES ($1, '0xa', '0xb', 'http://x', $2, '{}'::jsonb, $3)`,
        [name, until, PAST],
      );
      await sql.query(`INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)`, [
        name,
        until === PAST ? LONG_PAST : NOW.toISOString(),
      ]);
      await sql.query(
        `INSERT INTO idempotency_keys (owner, key, fingerprint, renewed_at, expires_at) VALUES ('0xa', $1, 'f', $2, $3)`,
        [name, PAST, until],
      );
      await sql.query(
        `INSERT INTO signing_keys (kid, private_jwk, public_jwk, signs_from, signs_until, published_until)
         VALUES ($1, '{}', '{}'::jsonb, $2, $2, $3)`,
        [name, LONG_PAST, until],
      );
    }
    const counts = await sweepExpired(sql, NOW);
    expect(counts).toEqual({
      siwe_nonces: 1,
      refresh_tokens: 1,
      sessions: 1,
      wires: 1,
      rate_limits: 1,
      idempotency_keys: 1,
      signing_keys: 1,
    });
    for (const [table, column] of [
      ['siwe_nonces', 'nonce'],
      ['refresh_tokens', 'token_hash'],
      ['sessions', 'sid'],
      ['wires', 'hash'],
      ['rate_limits', 'bucket'],
      ['idempotency_keys', 'key'],
      ['signing_keys', 'kid'],
    ] as const) {
      const rows = await sql.query<{ name: string }>(`SELECT ${column} AS name FROM ${table}`);
      expect(
        rows.map((r) => r.name),
        table,
      ).toEqual(['kept']);
    }
  });
});
