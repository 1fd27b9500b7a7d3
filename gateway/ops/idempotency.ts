import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SqlRunner } from '../desk/sql';
import type { Clock } from '../ports';

/**
 * Idempotency keys (the IETF httpapi `Idempotency-Key` header) for writes a client may send again — a consultation
 * that acts on the desk, retried after its connection dropped or its instance died. The first request with a key
 * claims it in the database, so the claim holds on every instance; its answer is stored with it, and a retry with the
 * same key and the same request gets that answer again instead of a second run. While the first is still running
 * its instance renews the claim; a retry then hears so in words, and once the claim has lapsed (the instance died)
 * it hears that, with the task that records what was done — never a second run that could double a write.
 */
export const IDEMPOTENCY_MIGRATION: readonly string[] = [
  `CREATE TABLE idempotency_keys (owner text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, task_id text,
     status integer, response jsonb, renewed_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
     PRIMARY KEY (owner, key))`,
  `CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at)`,
];

/** A key as the header carries it: visible ASCII, up to 255 characters (a UUID is the usual choice). */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'visible ASCII characters only');

export type Claim =
  | { kind: 'first' }
  | { kind: 'answered'; status: number; body: unknown }
  | { kind: 'running'; taskId: string | null }
  | { kind: 'abandoned'; taskId: string | null }
  | { kind: 'mismatch' };

export type IdempotencyOptions = { ttlSeconds?: number; leaseMs?: number };

/** The request's fingerprint: a retry must be the same request, not another one under a reused key. */
export const fingerprintOf = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

export function idempotencyStore(sql: SqlRunner, clock: Clock, options: IdempotencyOptions = {}) {
  const ttlMs = (options.ttlSeconds ?? 24 * 60 * 60) * 1000;
  const leaseMs = options.leaseMs ?? 15_000;
  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();
  return {
    leaseMs,
    async claim(owner: string, key: string, fingerprint: string): Promise<Claim> {
      // A key past its life is free again, swept or not.
      const mine = await sql.query(
        `INSERT INTO idempotency_keys (owner, key, fingerprint, renewed_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, task_id = NULL, status = NULL,
           response = NULL, renewed_at = EXCLUDED.renewed_at, expires_at = EXCLUDED.expires_at
         WHERE idempotency_keys.expires_at <= EXCLUDED.renewed_at
         RETURNING key`,
        [owner, key, fingerprint, at(), at(ttlMs)],
      );
      if (mine.length > 0) return { kind: 'first' };
      const [row] = await sql.query<{
        fingerprint: string;
        task_id: string | null;
        status: number | null;
        response: unknown;
        renewed_at: Date;
      }>(
        `SELECT fingerprint, task_id, status, response, renewed_at FROM idempotency_keys WHERE owner = $1 AND key = $2`,
        [owner, key],
      );
      if (row === undefined) return this.claim(owner, key, fingerprint); // released between the two statements
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      const body = typeof row.response === 'string' ? (JSON.parse(row.response) as unknown) : row.response;
      if (row.status !== null) return { kind: 'answered', status: row.status, body };
      const lapsed = clock.now().getTime() - new Date(row.renewed_at).getTime() > leaseMs;
      return { kind: lapsed ? 'abandoned' : 'running', taskId: row.task_id };
    },
    /** The task the first request's consultation runs as, so a retry can name it. */
    async attach(owner: string, key: string, taskId: string): Promise<void> {
      await sql.query(`UPDATE idempotency_keys SET task_id = $3 WHERE owner = $1 AND key = $2`, [owner, key, taskId]);
    },
    /** Still running: the claim is renewed, so no retry takes it for abandoned. */
    async renew(owner: string, key: string): Promise<void> {
      await sql.query(`UPDATE idempotency_keys SET renewed_at = $3 WHERE owner = $1 AND key = $2 AND status IS NULL`, [
        owner,
        key,
        at(),
      ]);
    },
    async finish(owner: string, key: string, status: number, body: unknown): Promise<void> {
      await sql.query(`UPDATE idempotency_keys SET status = $3, response = $4::jsonb WHERE owner = $1 AND key = $2`, [
        owner,
        key,
        status,
        JSON.stringify(body),
      ]);
    },
    /** The first request ended without an answer worth keeping (nothing was done): the key is free again. */
    async release(owner: string, key: string): Promise<void> {
      await sql.query(`DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2 AND status IS NULL`, [owner, key]);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
