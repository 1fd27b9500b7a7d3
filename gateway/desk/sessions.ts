import type { SqlRunner } from './sql';
import type { Address } from './types';

/**
 * Sessions and wires: refresh tokens (stored by hash, revocable, thirty days) and the ask-as-me wires people granted
 * HeartCoach's agent (stored after the gateway verified them).
 */
const lc = (address: string) => address.toLowerCase() as Address;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export type RefreshTokenRow = {
  sid: string | null;
  subject: Address;
  name: string;
  issuedAt: string;
  expiresAt: string;
  revokedAt: string | null;
};

export async function putRefreshToken(
  sql: SqlRunner,
  t: { tokenHash: string; subject: string; name: string; issuedAt: string; expiresAt: string; sid?: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO refresh_tokens (token_hash, subject, name, issued_at, expires_at, sid) VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.tokenHash, lc(t.subject), t.name, t.issuedAt, t.expiresAt, t.sid ?? null],
  );
}

export async function refreshTokenOf(sql: SqlRunner, tokenHash: string): Promise<RefreshTokenRow | null> {
  const rows = await sql.query<{
    sid: string | null;
    subject: Address;
    name: string;
    issued_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
  }>(`SELECT sid, subject, name, issued_at, expires_at, revoked_at FROM refresh_tokens WHERE token_hash = $1`, [
    tokenHash,
  ]);
  const r = rows[0];
  return r === undefined
    ? null
    : {
        sid: r.sid,
        subject: r.subject,
        name: r.name,
        issuedAt: iso(r.issued_at)!,
        expiresAt: iso(r.expires_at)!,
        revokedAt: iso(r.revoked_at),
      };
}

/** Revokes one token; true when it existed and was live. */
export async function revokeRefreshToken(sql: SqlRunner, tokenHash: string, at: string): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE refresh_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING token_hash`,
    [tokenHash, at],
  );
  return rows.length > 0;
}

/** Opens a session (sign-in); its access tokens carry `sid`. */
export async function putSession(
  sql: SqlRunner,
  s: { sid: string; subject: string; issuedAt: string; expiresAt: string },
): Promise<void> {
  await sql.query(`INSERT INTO sessions (sid, subject, issued_at, expires_at) VALUES ($1, $2, $3, $4)`, [
    s.sid,
    lc(s.subject),
    s.issuedAt,
    s.expiresAt,
  ]);
}

/** Moves a live session's end (each refresh gives it a new thirty days); false when it is revoked or gone. */
export async function extendSession(sql: SqlRunner, sid: string, expiresAt: string): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE sessions SET expires_at = $2 WHERE sid = $1 AND revoked_at IS NULL RETURNING sid`,
    [sid, expiresAt],
  );
  return rows.length > 0;
}

/** Whether the session is live at `now`: issued here, not revoked, not expired. One primary-key read. */
export async function sessionIsLive(sql: SqlRunner, sid: string, subject: string, now: string): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 AS live FROM sessions WHERE sid = $1 AND subject = $2 AND revoked_at IS NULL AND expires_at > $3`,
    [sid, lc(subject), now],
  );
  return rows.length > 0;
}

/** Ends a session and every refresh token of it; true when it was live. */
export async function revokeSessionRow(sql: SqlRunner, sid: string, at: string): Promise<boolean> {
  await sql.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE sid = $1 AND revoked_at IS NULL`, [sid, at]);
  const rows = await sql.query(
    `UPDATE sessions SET revoked_at = $2 WHERE sid = $1 AND revoked_at IS NULL RETURNING sid`,
    [sid, at],
  );
  return rows.length > 0;
}

export type WireRow = {
  hash: string;
  person: Address;
  delegate: Address;
  origin: string;
  expiresAt: string;
  wire: unknown;
};

export async function putWire(
  sql: SqlRunner,
  w: {
    hash: string;
    person: string;
    delegate: string;
    origin: string;
    expiresAt: string;
    wire: unknown;
    registeredAt: string;
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO wires (hash, person, delegate, origin, expires_at, wire_json, registered_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     ON CONFLICT (hash) DO UPDATE SET registered_at = EXCLUDED.registered_at`,
    [w.hash, lc(w.person), lc(w.delegate), w.origin, w.expiresAt, JSON.stringify(w.wire), w.registeredAt],
  );
}

/** The person's most recently registered wire that has not expired at `now`, or null. */
export async function liveWireOf(sql: SqlRunner, person: string, now: string): Promise<WireRow | null> {
  const rows = await sql.query<{
    hash: string;
    person: Address;
    delegate: Address;
    origin: string;
    expires_at: Date;
    wire_json: string;
  }>(
    `SELECT hash, person, delegate, origin, expires_at, wire_json::text AS wire_json FROM wires WHERE person = $1 AND expires_at > $2
     ORDER BY registered_at DESC LIMIT 1`,
    [lc(person), now],
  );
  const r = rows[0];
  return r === undefined
    ? null
    : {
        hash: r.hash,
        person: r.person,
        delegate: r.delegate,
        origin: r.origin,
        expiresAt: iso(r.expires_at)!,
        wire: JSON.parse(r.wire_json) as unknown,
      };
}

/**
 * Records a sign-in nonce as spent, exactly once across every instance: true only the first time. The nonce itself was
 * checked first (gateway/auth/nonces.ts: issued here, live).
 */
export async function spendSiweNonce(
  sql: SqlRunner,
  n: { nonce: string; issuedAt: string; expiresAt: string; now: string },
): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO siwe_nonces (nonce, issued_at, expires_at, spent_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [n.nonce, n.issuedAt, n.expiresAt, n.now],
  );
  return rows.length > 0;
}

/** The name the desk knows an address by (a member's name first, then a patient's), or null. */
export async function knownNameOf(sql: SqlRunner, address: string): Promise<string | null> {
  const rows = await sql.query<{ name: string }>(
    `SELECT name FROM members WHERE address = $1 UNION ALL SELECT name FROM patients WHERE address = $1 LIMIT 1`,
    [lc(address)],
  );
  return rows[0]?.name ?? null;
}
