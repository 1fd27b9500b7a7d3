import { errors, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Sql, SqlRunner } from '../desk/sql';
import type { Clock } from '../ports';
import { keySeal, type KeySeal } from './key-seal';
import { fromPrivateJwk, type SessionKey } from './session-keys';
import { ACCESS_TTL_SECONDS } from './tokens';

/**
 * The session-signing key ring, kept in the database so every gateway instance signs with the same key and verifies
 * every other instance's tokens. Each key signs within its window (`rotateAfterSeconds`, a day by default) and stays
 * published in the JWKS until the last token it signed has expired (its window + an access token's life + clock
 * slack). The next key is made `publishAheadSeconds` before the current one retires, so a verifier that caches the
 * JWKS sees the new key before any token is signed with it: for a while both are published (rotation with overlap).
 * Whichever instance first finds a rotation due makes the key, under an advisory lock, and the others read it.
 * The private halves are sealed under `secrets` (gateway/auth/key-seal.ts); a row this ring cannot open is not a key
 * of its own — neither used, nor published — and the public key published is the one its private half implies.
 */
export type KeyRing = {
  /** The key that signs now; makes the next key when one is due. */
  signingKey(): Promise<SessionKey>;
  /** The public halves of every published key: the JWKS. */
  publicJwks(): Promise<JWK[]>;
  /** A jose key getter: the published key for a token's `kid`, reading the database again for a kid not yet seen. */
  getKey: JWTVerifyGetKey;
};

export type KeyRingOptions = {
  rotateAfterSeconds?: number;
  publishAheadSeconds?: number;
  /** The secrets the private keys are sealed under, newest first: the first seals, any opens (none: kept as JWKs). */
  secrets?: readonly string[] | null;
  /** At start, retire the keys no secret opens (gateway/auth/key-reseal.ts) instead of refusing to start. */
  retireUnopened?: boolean;
};

type Row = { kid: string; key: SessionKey; publicJwk: JWK; signsFrom: number; signsUntil: number; until: number };

const SLACK_SECONDS = 5 * 60;
/** The advisory lock the ring's writers take (rotation, and the re-seal at start). */
export const KEY_RING_LOCK = 727402;

type Stored = { kid: string; private_jwk: string; signs_from: Date; signs_until: Date; published_until: Date };

/** The keys published now that this seal opens, each checked against its kid; the rest are not this ring's. */
async function readRows(sql: SqlRunner, now: Date, seal: KeySeal, opened: Map<string, SessionKey>): Promise<Row[]> {
  const stored = await sql.query<Stored>(
    `SELECT kid, private_jwk, signs_from, signs_until, published_until FROM signing_keys
     WHERE published_until > $1 ORDER BY signs_from`,
    [now.toISOString()],
  );
  const rows: Row[] = [];
  for (const r of stored) {
    let key = opened.get(`${r.kid}\n${r.private_jwk}`);
    if (key === undefined) {
      const jwk = seal.open(r.kid, r.private_jwk)?.jwk ?? null;
      const candidate = jwk === null ? null : await fromPrivateJwk(JSON.parse(jwk) as JWK).catch(() => null);
      if (candidate === null || candidate.kid !== r.kid) continue;
      key = candidate;
      opened.set(`${r.kid}\n${r.private_jwk}`, key);
    }
    rows.push({
      kid: r.kid,
      key,
      publicJwk: key.publicJwk,
      signsFrom: new Date(r.signs_from).getTime(),
      signsUntil: new Date(r.signs_until).getTime(),
      until: new Date(r.published_until).getTime(),
    });
  }
  return rows;
}

export function databaseKeyRing(sql: Sql, clock: Clock, options: KeyRingOptions = {}): KeyRing {
  const rotateMs = (options.rotateAfterSeconds ?? 24 * 60 * 60) * 1000;
  const aheadMs = Math.min((options.publishAheadSeconds ?? 10 * 60) * 1000, rotateMs / 2);
  let rows: Row[] = [];
  let loadedAt = 0;
  let missReadAt = -Infinity;
  const seal = keySeal(options.secrets ?? null);
  const opened = new Map<string, SessionKey>();
  const verifiers = new Map<string, CryptoKey>();

  const signsAt = (r: Row, t: number) => r.signsFrom <= t && t < r.signsUntil;
  /** Up to date when a key signs now and, if it retires soon, its successor is already published. */
  const settled = (t: number) => {
    const current = rows.filter((r) => signsAt(r, t)).at(-1);
    if (current === undefined) return false;
    return current.signsUntil - t > aheadMs || rows.some((r) => r.signsFrom >= current.signsUntil);
  };

  async function makeKey(signsFrom: number) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const key = await fromPrivateJwk(jwk);
    const signsUntil = signsFrom + rotateMs;
    return {
      kid: key.kid,
      stored: seal.seal(key.kid, JSON.stringify(jwk)),
      publicJwk: key.publicJwk,
      signsFrom,
      signsUntil,
      until: signsUntil + (ACCESS_TTL_SECONDS + SLACK_SECONDS) * 1000,
    };
  }

  /** Rotates when due (one instance at a time), then reads the ring again. */
  async function settle(now: Date): Promise<void> {
    const t = now.getTime();
    rows = await readRows(sql, now, seal, opened);
    if (!settled(t)) {
      await sql.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(${KEY_RING_LOCK})`);
        const spans = (await readRows(tx, now, seal, opened)).map((r) => ({ from: r.signsFrom, until: r.signsUntil }));
        const current = spans.filter((s) => s.from <= t && t < s.until).at(-1);
        let from: number | null = null;
        if (current === undefined) from = t;
        else if (current.until - t <= aheadMs && !spans.some((s) => s.from >= current.until)) from = current.until;
        if (from === null) return; // another instance rotated first
        const key = await makeKey(from);
        await tx.query(
          `INSERT INTO signing_keys (kid, private_jwk, public_jwk, signs_from, signs_until, published_until)
           VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
          [
            key.kid,
            key.stored,
            JSON.stringify(key.publicJwk),
            new Date(key.signsFrom).toISOString(),
            new Date(key.signsUntil).toISOString(),
            new Date(key.until).toISOString(),
          ],
        );
        // Keys no token can still carry are of no use to anyone: the sweep of the key ring.
        await tx.query(`DELETE FROM signing_keys WHERE published_until <= $1`, [now.toISOString()]);
      });
      rows = await readRows(sql, now, seal, opened);
    }
    loadedAt = t;
  }

  return {
    async signingKey() {
      const now = clock.now();
      const t = now.getTime();
      if (!settled(t) || t - loadedAt > 60_000) await settle(now);
      const current = rows.filter((r) => signsAt(r, t)).at(-1);
      if (current === undefined) throw new Error('The signing key ring has no key for now.');
      return current.key;
    },
    async publicJwks() {
      const now = clock.now();
      if (now.getTime() - loadedAt > 60_000 || !settled(now.getTime())) await settle(now);
      return rows.filter((r) => r.until > now.getTime()).map((r) => r.publicJwk);
    },
    getKey: async (header) => {
      const kid = header.kid;
      if (kid === undefined) throw new errors.JWKSNoMatchingKey();
      const now = clock.now();
      let row = rows.find((r) => r.kid === kid && r.until > now.getTime());
      // An unknown kid reads the ring again (another instance may have just rotated), at most once a second.
      if (row === undefined && performance.now() - missReadAt > 1000) {
        missReadAt = performance.now();
        rows = await readRows(sql, now, seal, opened);
        loadedAt = now.getTime();
        row = rows.find((r) => r.kid === kid);
      }
      if (row === undefined) throw new errors.JWKSNoMatchingKey();
      let key = verifiers.get(kid);
      if (key === undefined) {
        key = (await importJWK({ ...row.publicJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
        verifiers.set(kid, key);
      }
      return key;
    },
  };
}
