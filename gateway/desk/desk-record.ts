import type { SqlRunner } from './sql';
import type { Address, AlertState, DeskRecord } from './types';

/**
 * The whole desk record of one patient in ONE statement (PostgreSQL 15 JSON functions, the same on PGlite): a
 * consultation reads it before the model runs, and on PGlite every round trip costs milliseconds. With no practice
 * given, the patient's first enrolment is read (the patient's own side of the desk). The record travels as text and is
 * parsed here: PGlite's own json decoding took ~50 ms for this row, JSON.parse well under one.
 */
const RECORD_SQL = `
WITH target AS (
  SELECT e.practice, e.patient, e.enrolled_at, e.care_plan, p.name AS practice_name, pt.name AS patient_name
  FROM enrollments e JOIN practices p ON p.address = e.practice JOIN patients pt ON pt.address = e.patient
  WHERE e.patient = $2 AND ($1::text IS NULL OR e.practice = $1::text)
  ORDER BY e.enrolled_at, e.practice LIMIT 1
), tr AS (
  SELECT t.* FROM transitions t, target WHERE t.practice = target.practice AND t.patient = target.patient
  ORDER BY t.discharged_at DESC LIMIT 1
)
SELECT json_build_object(
  'enrollment', json_build_object('practice', target.practice, 'practiceName', target.practice_name, 'patient', target.patient,
    'patientName', target.patient_name, 'enrolledAt', target.enrolled_at, 'carePlan', target.care_plan),
  'team', (SELECT coalesce(json_agg(json_build_object('address', m.address, 'name', m.name, 'role', c.role) ORDER BY m.name, c.role), '[]')
    FROM care_team c JOIN members m ON m.practice = c.practice AND m.address = c.member
    WHERE c.practice = target.practice AND c.patient = target.patient),
  'alerts', (SELECT coalesce(json_agg(a ORDER BY a.raised_at DESC, a.id DESC), '[]') FROM alerts a
    WHERE a.practice = target.practice AND a.patient = target.patient),
  'thread', (SELECT coalesce(json_agg(t ORDER BY t.sent_at, t.id), '[]') FROM (
    SELECT * FROM thread WHERE practice = target.practice AND patient = target.patient ORDER BY sent_at DESC, id DESC LIMIT $3) t),
  'transition', (SELECT json_build_object('id', tr.id, 'condition', tr.condition, 'facility', tr.facility, 'dischargedAt', tr.discharged_at,
    'milestones', (SELECT coalesce(json_agg(ms ORDER BY ms.milestone), '[]') FROM milestones ms WHERE ms.transition_id = tr.id)) FROM tr),
  'planNotes', (SELECT coalesce(json_agg(n ORDER BY n.written_at, n.id), '[]') FROM plan_notes n
    WHERE n.practice = target.practice AND n.patient = target.patient)
)::text AS record FROM target`;

type Row = Record<string, string | null>;
type RawRecord = {
  enrollment: Row;
  team: Array<{ address: Address; name: string; role: string }>;
  alerts: Row[];
  thread: Row[];
  transition: (Row & { milestones: Row[] }) | null;
  planNotes: Row[];
};

// JSON renders timestamptz in the session's time zone; every time leaves here as UTC ISO.
const iso = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const addr = (value: string | null | undefined) => (value ?? null) as Address | null;

export async function readDeskRecord(
  sql: SqlRunner,
  query: { practice: string | null; patient: string; threadLimit?: number },
): Promise<DeskRecord | null> {
  const rows = await sql.query<{ record: string }>(RECORD_SQL, [
    query.practice?.toLowerCase() ?? null,
    query.patient.toLowerCase(),
    query.threadLimit ?? 10,
  ]);
  if (rows[0] === undefined) return null;
  const raw = JSON.parse(rows[0].record) as RawRecord;
  const e = raw.enrollment;
  const team = new Map<Address, { address: Address; name: string; roles: string[] }>();
  for (const m of raw.team)
    team.set(m.address, { address: m.address, name: m.name, roles: [...(team.get(m.address)?.roles ?? []), m.role] });
  return {
    enrollment: {
      practice: e.practice as Address,
      practiceName: e.practiceName!,
      patient: e.patient as Address,
      patientName: e.patientName!,
      enrolledAt: iso(e.enrolledAt)!,
      carePlan: e.carePlan ?? '',
    },
    team: [...team.values()],
    alerts: raw.alerts.map((a) => ({
      id: a.id!,
      severity: a.severity!,
      state: a.state as AlertState,
      text: a.text!,
      raisedAt: iso(a.raised_at)!,
      raisedBy: a.raised_by!,
      acknowledgedBy: addr(a.acknowledged_by),
      acknowledgedByName: a.acknowledged_by_name ?? null,
      acknowledgedAt: iso(a.acknowledged_at),
      note: a.note ?? null,
    })),
    thread: raw.thread.map((m) => ({
      id: m.id!,
      fromAddress: m.from_address as Address,
      fromName: m.from_name!,
      fromRole: m.from_role!,
      toAddress: m.to_address as Address,
      toName: m.to_name!,
      text: m.text!,
      sentAt: iso(m.sent_at)!,
    })),
    transition:
      raw.transition === null
        ? null
        : {
            id: raw.transition.id!,
            condition: raw.transition.condition!,
            facility: raw.transition.facility!,
            dischargedAt: iso(raw.transition.dischargedAt)!,
            milestones: raw.transition.milestones.map((m) => ({
              milestone: m.milestone!,
              status: m.status as 'due' | 'done',
              doneBy: addr(m.done_by),
              doneByName: m.done_by_name ?? null,
              doneAs: m.done_as ?? null,
              doneAt: iso(m.done_at),
              note: m.note ?? null,
            })),
          },
    planNotes: raw.planNotes.map((n) => ({
      id: n.id!,
      author: n.author as Address,
      authorName: n.author_name!,
      text: n.text!,
      writtenAt: iso(n.written_at)!,
    })),
  };
}
