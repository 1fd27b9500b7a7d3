import type { SqlRunner } from './sql';
import type { Address } from './types';

/**
 * The desk's standing data: practices, rosters, patients, enrolments, care-team records, practice grants and
 * transitions of care. Written by the seed (and by an administrator's tooling later), never by a consultation.
 * Every statement is idempotent, so seeding twice changes nothing.
 */
const lc = (address: string) => address.toLowerCase() as Address;

export async function putPractice(
  sql: SqlRunner,
  p: { address: string; name: string; steward: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO practices (address, name, steward) VALUES ($1, $2, $3)
     ON CONFLICT (address) DO UPDATE SET name = EXCLUDED.name, steward = EXCLUDED.steward`,
    [lc(p.address), p.name, lc(p.steward)],
  );
}

export async function putMember(sql: SqlRunner, m: { practice: string; address: string; name: string }): Promise<void> {
  await sql.query(
    `INSERT INTO members (practice, address, name) VALUES ($1, $2, $3)
     ON CONFLICT (practice, address) DO UPDATE SET name = EXCLUDED.name`,
    [lc(m.practice), lc(m.address), m.name],
  );
}

export async function putPatient(sql: SqlRunner, p: { address: string; name: string }): Promise<void> {
  await sql.query(
    `INSERT INTO patients (address, name) VALUES ($1, $2) ON CONFLICT (address) DO UPDATE SET name = EXCLUDED.name`,
    [lc(p.address), p.name],
  );
}

export async function enroll(
  sql: SqlRunner,
  e: { practice: string; patient: string; enrolledAt: string; carePlan: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO enrollments (practice, patient, enrolled_at, care_plan) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [lc(e.practice), lc(e.patient), e.enrolledAt, e.carePlan],
  );
}

export async function assignRole(
  sql: SqlRunner,
  a: { practice: string; patient: string; member: string; role: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO care_team (practice, patient, member, role) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [lc(a.practice), lc(a.patient), lc(a.member), a.role],
  );
}

/** Stores a member's practice grant (the signed delegation, as the wallet serialises it). */
export async function putPracticeGrant(
  sql: SqlRunner,
  g: { practice: string; member: string; grant: unknown; grantedAt: string },
): Promise<void> {
  await sql.query(
    `INSERT INTO practice_grants (practice, member, grant_json, granted_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (practice, member) DO UPDATE SET grant_json = EXCLUDED.grant_json, granted_at = EXCLUDED.granted_at`,
    [lc(g.practice), lc(g.member), JSON.stringify(g.grant), g.grantedAt],
  );
}

/** The member's practice grant as stored, or null. */
export async function practiceGrantOf(sql: SqlRunner, practice: string, member: string): Promise<unknown> {
  // Read as text and parsed here: PGlite's own json decoding is far slower than JSON.parse.
  const rows = await sql.query<{ grant_json: string }>(
    `SELECT grant_json::text AS grant_json FROM practice_grants WHERE practice = $1 AND member = $2`,
    [lc(practice), lc(member)],
  );
  return rows[0] === undefined ? null : (JSON.parse(rows[0].grant_json) as unknown);
}

/** Opens a transition of care with every milestone due (idempotent by id). */
export async function openTransition(
  sql: SqlRunner,
  t: {
    id: string;
    practice: string;
    patient: string;
    condition: string;
    facility: string;
    dischargedAt: string;
    milestones: readonly string[];
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO transitions (id, practice, patient, condition, facility, discharged_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING`,
    [t.id, lc(t.practice), lc(t.patient), t.condition, t.facility, t.dischargedAt],
  );
  for (const milestone of t.milestones) {
    await sql.query(
      `INSERT INTO milestones (transition_id, milestone, status) VALUES ($1, $2, 'due') ON CONFLICT DO NOTHING`,
      [t.id, milestone],
    );
  }
}
