import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDesk } from '../desk/schema';
import type { Sql } from '../desk/sql';
import { fixedClock } from '../ports';
import { testDatabases } from '../testing/databases';
import { databaseKeyRing } from './key-ring';
import { fromPrivateJwk, type SessionKey } from './session-keys';

/**
 * The signing keys at rest, on PGlite and PostgreSQL: with a secret, a row of `signing_keys` read out of the database
 * holds no private key a thief can sign with, a ring with another secret (or none) neither signs with it nor
 * publishes it, and a row written into the table by someone without the secret is not trusted.
 */
const SECRET = 'a1'.repeat(32);
const OTHER = 'b2'.repeat(32);

const sign = async (key: SessionKey) =>
  new SignJWT({ sid: 's' })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setSubject('0xabc')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key.privateKey);

describe.each(testDatabases())('the signing keys sealed at rest on $name', (database) => {
  let sql: Sql;
  const clock = fixedClock('2026-09-29T12:00:00Z');
  beforeAll(async () => {
    sql = await database.open();
    await migrateDesk(sql);
  });
  afterAll(() => sql.close());

  it('a stolen row holds no usable private key; another secret neither signs with it nor publishes it', async () => {
    const ring = databaseKeyRing(sql, clock, { secrets: [SECRET] });
    const key = await ring.signingKey();
    const rows = await sql.query<{ kid: string; private_jwk: string }>(`SELECT kid, private_jwk FROM signing_keys`);
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.private_jwk;
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toMatch(/"d"|"kty"/);
    expect(() => JSON.parse(stored) as unknown).toThrow();

    // A second instance with the same secret signs with the same key and verifies the first one's tokens.
    const twin = databaseKeyRing(sql, clock, { secrets: [SECRET] });
    expect((await twin.signingKey()).kid).toBe(key.kid);
    await expect(jwtVerify(await sign(key), twin.getKey)).resolves.toBeTruthy();

    // With the row and the wrong secret, or none: the key is not this ring's — it makes its own, and its JWKS and
    // verifier know nothing of the stolen one.
    for (const secret of [OTHER, null]) {
      const thief = databaseKeyRing(sql, clock, { secrets: secret === null ? null : [secret] });
      expect((await thief.signingKey()).kid).not.toBe(key.kid);
      expect((await thief.publicJwks()).map((k) => k.kid)).not.toContain(key.kid);
      await expect(jwtVerify(await sign(key), thief.getKey)).rejects.toThrow();
    }
  });

  it('a key written into the table without the secret is neither published nor trusted', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const forged = await fromPrivateJwk(jwk);
    await sql.query(
      `INSERT INTO signing_keys (kid, private_jwk, public_jwk, signs_from, signs_until, published_until)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
      [
        forged.kid,
        JSON.stringify(jwk),
        JSON.stringify(forged.publicJwk),
        '2026-09-29T11:59:00Z',
        '2026-09-30T12:00:00Z',
        '2026-09-30T13:00:00Z',
      ],
    );
    const ring = databaseKeyRing(sql, clock, { secrets: [SECRET] });
    expect((await ring.signingKey()).kid).not.toBe(forged.kid);
    expect((await ring.publicJwks()).map((k) => k.kid)).not.toContain(forged.kid);
    await expect(jwtVerify(await sign(forged), ring.getKey)).rejects.toThrow();
  });
});
