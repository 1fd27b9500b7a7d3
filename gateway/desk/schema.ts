import { A2A_TASKS_MIGRATION } from '../a2a/task-store';
import { IDEMPOTENCY_MIGRATION } from '../ops/idempotency';
import type { Sql } from './sql';

/**
 * The desk's schema, every version kept (STYLE rule 7): a new version appends a migration; none is ever edited, so a
 * desk written by any earlier gateway opens. Addresses are stored lower-case; times are timestamptz.
 */
export const DESK_MIGRATIONS: readonly { version: number; statements: readonly string[] }[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE practices (
         address text PRIMARY KEY, name text NOT NULL, steward text NOT NULL)`,
      // The roster: who is a member of the practice, under which name.
      `CREATE TABLE members (
         practice text NOT NULL REFERENCES practices(address), address text NOT NULL, name text NOT NULL,
         PRIMARY KEY (practice, address))`,
      `CREATE TABLE patients (address text PRIMARY KEY, name text NOT NULL)`,
      `CREATE TABLE enrollments (
         practice text NOT NULL REFERENCES practices(address), patient text NOT NULL REFERENCES patients(address),
         enrolled_at timestamptz NOT NULL, care_plan text NOT NULL DEFAULT '', PRIMARY KEY (practice, patient))`,
      // heartcoach.careteam: the roles each member holds on one patient's team.
      `CREATE TABLE care_team (
         practice text NOT NULL, patient text NOT NULL, member text NOT NULL, role text NOT NULL,
         PRIMARY KEY (practice, patient, member, role),
         FOREIGN KEY (practice, patient) REFERENCES enrollments(practice, patient),
         FOREIGN KEY (practice, member) REFERENCES members(practice, address))`,
      // Gate 2: each member's practice grant, a delegation from the practice's Smart Agent (verified on every write).
      `CREATE TABLE practice_grants (
         practice text NOT NULL, member text NOT NULL, grant_json jsonb NOT NULL, granted_at timestamptz NOT NULL,
         PRIMARY KEY (practice, member), FOREIGN KEY (practice, member) REFERENCES members(practice, address))`,
      `CREATE TABLE alerts (
         id text PRIMARY KEY, practice text NOT NULL, patient text NOT NULL, severity text NOT NULL,
         state text NOT NULL CHECK (state IN ('open', 'acknowledged', 'resolved')), text text NOT NULL,
         raised_at timestamptz NOT NULL, raised_by text NOT NULL,
         acknowledged_by text, acknowledged_by_name text, acknowledged_at timestamptz, note text,
         FOREIGN KEY (practice, patient) REFERENCES enrollments(practice, patient))`,
      `CREATE INDEX alerts_by_patient ON alerts (practice, patient, raised_at)`,
      `CREATE TABLE thread (
         id text PRIMARY KEY, practice text NOT NULL, patient text NOT NULL,
         from_address text NOT NULL, from_name text NOT NULL, from_role text NOT NULL,
         to_address text NOT NULL, to_name text NOT NULL, text text NOT NULL, sent_at timestamptz NOT NULL,
         FOREIGN KEY (practice, patient) REFERENCES enrollments(practice, patient))`,
      `CREATE INDEX thread_by_patient ON thread (practice, patient, sent_at)`,
      `CREATE TABLE transitions (
         id text PRIMARY KEY, practice text NOT NULL, patient text NOT NULL, condition text NOT NULL,
         facility text NOT NULL, discharged_at timestamptz NOT NULL,
         FOREIGN KEY (practice, patient) REFERENCES enrollments(practice, patient))`,
      `CREATE TABLE milestones (
         transition_id text NOT NULL REFERENCES transitions(id), milestone text NOT NULL,
         status text NOT NULL CHECK (status IN ('due', 'done')), done_by text, done_by_name text, done_as text,
         done_at timestamptz, note text, PRIMARY KEY (transition_id, milestone))`,
      `CREATE TABLE plan_notes (
         id text PRIMARY KEY, practice text NOT NULL, patient text NOT NULL, author text NOT NULL,
         author_name text NOT NULL, text text NOT NULL, written_at timestamptz NOT NULL)`,
      // Sessions: refresh tokens are stored by their hash only, revocable, thirty days.
      `CREATE TABLE refresh_tokens (
         token_hash text PRIMARY KEY, subject text NOT NULL, name text NOT NULL, issued_at timestamptz NOT NULL,
         expires_at timestamptz NOT NULL, revoked_at timestamptz)`,
      // Ask-as-me wires the people granted HeartCoach's agent, registered after verification.
      `CREATE TABLE wires (
         hash text PRIMARY KEY, person text NOT NULL, delegate text NOT NULL, origin text NOT NULL,
         expires_at timestamptz NOT NULL, wire_json jsonb NOT NULL, registered_at timestamptz NOT NULL)`,
      `CREATE INDEX wires_by_person ON wires (person, registered_at)`,
    ],
  },
  {
    version: 2,
    statements: [
      // SIWE nonces the gateway issued: each is spent once, within its window, by whichever gateway process sees it.
      `CREATE TABLE siwe_nonces (nonce text PRIMARY KEY, issued_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
         spent_at timestamptz)`,
    ],
  },
  {
    // Stateless instances: what every gateway process behind a balancer must share lives here, not in a process.
    version: 3,
    statements: [
      // The signing key ring: each key signs in its window, and stays published (JWKS) until the last token it
      // signed has expired. The next key is made before the current one retires, so both are published for a while.
      `CREATE TABLE signing_keys (kid text PRIMARY KEY, private_jwk text NOT NULL, public_jwk jsonb NOT NULL,
         signs_from timestamptz NOT NULL, signs_until timestamptz NOT NULL, published_until timestamptz NOT NULL)`,
      // Sessions: every access token names its session (sid), so signing out, or a refresh token reused after it was
      // rotated, ends every token of that session on every instance at once.
      `CREATE TABLE sessions (sid text PRIMARY KEY, subject text NOT NULL, issued_at timestamptz NOT NULL,
         expires_at timestamptz NOT NULL, revoked_at timestamptz)`,
      `ALTER TABLE refresh_tokens ADD COLUMN sid text`,
      `CREATE INDEX refresh_tokens_by_expiry ON refresh_tokens (expires_at)`,
      `CREATE INDEX sessions_by_expiry ON sessions (expires_at)`,
      `CREATE INDEX siwe_nonces_by_expiry ON siwe_nonces (expires_at)`,
      // Rate limits: one counter per bucket (an address or a subject, and the route's class) per fixed window.
      `CREATE TABLE rate_limits (bucket text NOT NULL, window_start timestamptz NOT NULL, hits integer NOT NULL,
         PRIMARY KEY (bucket, window_start))`,
      // Secrets every instance shares and none configures: the key that seals sign-in nonces.
      `CREATE TABLE gateway_secrets (name text PRIMARY KEY, secret text NOT NULL, created_at timestamptz NOT NULL)`,
    ],
  },
  // The A2A task table: a consultation is a Task (gateway/a2a/task-store.ts). Its own entry, renumbered freely on merge.
  { version: 4, statements: A2A_TASKS_MIGRATION },
  // Idempotency keys of retried writes (gateway/ops/idempotency.ts), shared by every instance.
  { version: 5, statements: IDEMPOTENCY_MIGRATION },
];

export const LATEST_DESK_VERSION = DESK_MIGRATIONS.at(-1)!.version;

/**
 * Applies every migration the desk has not seen, each in its own transaction. On PostgreSQL a transaction-scoped
 * advisory lock keeps two gateways starting together from racing.
 */
export async function migrateDesk(sql: Sql): Promise<number> {
  await sql.query(
    `CREATE TABLE IF NOT EXISTS desk_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)`,
  );
  // A desk already at the latest version (every restart) costs one read, not a locked transaction per version.
  const seen = new Set((await sql.query<{ version: number }>(`SELECT version FROM desk_schema`)).map((r) => r.version));
  for (const migration of DESK_MIGRATIONS) {
    if (seen.has(migration.version)) continue;
    await sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(727401)`);
      const done = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM desk_schema WHERE version = $1`, [
        migration.version,
      ]);
      if (done[0]!.n > 0) return;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query(`INSERT INTO desk_schema (version, applied_at) VALUES ($1, now())`, [migration.version]);
    });
  }
  return LATEST_DESK_VERSION;
}
