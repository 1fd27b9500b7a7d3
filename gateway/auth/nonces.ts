import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SqlRunner } from '../desk/sql';

/**
 * Sign-in nonces that cost the database nothing until they are used: a nonce is its expiry, 64 random bits and an
 * HMAC over both under a secret every instance shares (kept in `gateway_secrets`, made by whichever instance starts
 * first). `GET /auth/nonce` — unauthenticated — therefore writes no row; only a sign-in whose signature verified
 * records its nonce as spent (siwe_nonces), once, whichever instance sees it, and the sweep deletes it after expiry.
 * SIWE wants a nonce of letters and digits, at least eight: this one is 56.
 */
export type NonceSeal = {
  issue(now: Date): { nonce: string; expiresAt: string };
  /** The nonce's window when this gateway issued it and it is still live at `now`; otherwise null. */
  open(nonce: string, now: Date): { issuedAt: string; expiresAt: string } | null;
};

const EXPIRY = 8; // base-36 seconds
const RANDOM = 16; // hex
const MAC = 32; // hex

async function sharedSecret(sql: SqlRunner): Promise<Buffer> {
  const fresh = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');
  await sql.query(
    `INSERT INTO gateway_secrets (name, secret, created_at) VALUES ('siwe-nonce', $1, now()) ON CONFLICT (name) DO NOTHING`,
    [fresh],
  );
  const rows = await sql.query<{ secret: string }>(`SELECT secret FROM gateway_secrets WHERE name = 'siwe-nonce'`);
  return Buffer.from(rows[0]!.secret, 'hex');
}

export async function nonceSeal(sql: SqlRunner, ttlSeconds: number): Promise<NonceSeal> {
  const secret = await sharedSecret(sql);
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest('hex').slice(0, MAC);
  return {
    issue(now) {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      const body =
        expires.toString(36).padStart(EXPIRY, '0') +
        Buffer.from(crypto.getRandomValues(new Uint8Array(RANDOM / 2))).toString('hex');
      return { nonce: body + mac(body), expiresAt: new Date(expires * 1000).toISOString() };
    },
    open(nonce, now) {
      if (!/^[0-9a-z]+$/.test(nonce) || nonce.length !== EXPIRY + RANDOM + MAC) return null;
      const body = nonce.slice(0, EXPIRY + RANDOM);
      const given = Buffer.from(nonce.slice(EXPIRY + RANDOM), 'hex');
      const expected = Buffer.from(mac(body), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expires = parseInt(body.slice(0, EXPIRY), 36) * 1000;
      if (!(expires > now.getTime())) return null;
      return {
        issuedAt: new Date(expires - ttlSeconds * 1000).toISOString(),
        expiresAt: new Date(expires).toISOString(),
      };
    },
  };
}
