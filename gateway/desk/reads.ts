import type { SqlRunner } from './sql';
import { readDeskRecord } from './desk-record';
import type {
  Address,
  Alert,
  DeskRecord,
  Enrollment,
  MilestoneState,
  Practice,
  ThreadMessage,
  Transition,
} from './types';

/** Reads of the desk. Every address argument is lower-cased here, so callers cannot miss by case. */
const lc = (address: string) => address.toLowerCase() as Address;
const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export async function practiceAt(sql: SqlRunner, practice: string): Promise<Practice | null> {
  const rows = await sql.query<Practice>(`SELECT address, name, steward FROM practices WHERE address = $1`, [
    lc(practice),
  ]);
  return rows[0] ?? null;
}

export async function memberName(sql: SqlRunner, practice: string, member: string): Promise<string | null> {
  const rows = await sql.query<{ name: string }>(`SELECT name FROM members WHERE practice = $1 AND address = $2`, [
    lc(practice),
    lc(member),
  ]);
  return rows[0]?.name ?? null;
}

type EnrollmentRow = {
  practice: Address;
  practice_name: string;
  patient: Address;
  patient_name: string;
  enrolled_at: Date;
  care_plan: string;
};
const enrollmentOf = (r: EnrollmentRow): Enrollment => ({
  practice: r.practice,
  practiceName: r.practice_name,
  patient: r.patient,
  patientName: r.patient_name,
  enrolledAt: iso(r.enrolled_at)!,
  carePlan: r.care_plan,
});
const ENROLLMENT_SELECT = `SELECT e.practice, p.name AS practice_name, e.patient, pt.name AS patient_name, e.enrolled_at, e.care_plan
  FROM enrollments e JOIN practices p ON p.address = e.practice JOIN patients pt ON pt.address = e.patient`;

/** Where a patient is enrolled (first enrolment first): the patient's side of the desk. */
export async function enrollmentsOf(sql: SqlRunner, patient: string): Promise<Enrollment[]> {
  const rows = await sql.query<EnrollmentRow>(
    `${ENROLLMENT_SELECT} WHERE e.patient = $1 ORDER BY e.enrolled_at, e.practice`,
    [lc(patient)],
  );
  return rows.map(enrollmentOf);
}

export async function patientName(sql: SqlRunner, patient: string): Promise<string | null> {
  const rows = await sql.query<{ name: string }>(`SELECT name FROM patients WHERE address = $1`, [lc(patient)]);
  return rows[0]?.name ?? null;
}

/** The whole desk record of one patient at one practice, or null when no enrolment there names them (one statement). */
export function deskRecord(
  sql: SqlRunner,
  practice: string,
  patient: string,
  threadLimit = 10,
): Promise<DeskRecord | null> {
  return readDeskRecord(sql, { practice, patient, threadLimit });
}

type AlertRow = {
  id: string;
  severity: string;
  state: Alert['state'];
  text: string;
  raised_at: Date;
  raised_by: string;
  acknowledged_by: Address | null;
  acknowledged_by_name: string | null;
  acknowledged_at: Date | null;
  note: string | null;
};

/** Alerts, newest first. */
export async function alertsOf(sql: SqlRunner, practice: string, patient: string): Promise<Alert[]> {
  const rows = await sql.query<AlertRow>(
    `SELECT * FROM alerts WHERE practice = $1 AND patient = $2 ORDER BY raised_at DESC, id DESC`,
    [lc(practice), lc(patient)],
  );
  return rows.map((r) => ({
    id: r.id,
    severity: r.severity,
    state: r.state,
    text: r.text,
    raisedAt: iso(r.raised_at)!,
    raisedBy: r.raised_by,
    acknowledgedBy: r.acknowledged_by,
    acknowledgedByName: r.acknowledged_by_name,
    acknowledgedAt: iso(r.acknowledged_at),
    note: r.note,
  }));
}

type ThreadRow = {
  id: string;
  from_address: Address;
  from_name: string;
  from_role: string;
  to_address: Address;
  to_name: string;
  text: string;
  sent_at: Date;
};

/** The last `limit` messages of the thread, oldest first. */
export async function threadOf(
  sql: SqlRunner,
  practice: string,
  patient: string,
  limit: number,
): Promise<ThreadMessage[]> {
  const rows = await sql.query<ThreadRow>(
    `SELECT * FROM (SELECT * FROM thread WHERE practice = $1 AND patient = $2 ORDER BY sent_at DESC, id DESC LIMIT $3) t
     ORDER BY sent_at, id`,
    [lc(practice), lc(patient), limit],
  );
  return rows.map((r) => ({
    id: r.id,
    fromAddress: r.from_address,
    fromName: r.from_name,
    fromRole: r.from_role,
    toAddress: r.to_address,
    toName: r.to_name,
    text: r.text,
    sentAt: iso(r.sent_at)!,
  }));
}

type MilestoneRow = {
  milestone: string;
  status: 'due' | 'done';
  done_by: Address | null;
  done_by_name: string | null;
  done_as: string | null;
  done_at: Date | null;
  note: string | null;
};

/** The latest transition of care with its milestones. */
export async function transitionOf(sql: SqlRunner, practice: string, patient: string): Promise<Transition | null> {
  const rows = await sql.query<{ id: string; condition: string; facility: string; discharged_at: Date }>(
    `SELECT id, condition, facility, discharged_at FROM transitions WHERE practice = $1 AND patient = $2
     ORDER BY discharged_at DESC LIMIT 1`,
    [lc(practice), lc(patient)],
  );
  const t = rows[0];
  if (t === undefined) return null;
  const milestones = await sql.query<MilestoneRow>(
    `SELECT * FROM milestones WHERE transition_id = $1 ORDER BY milestone`,
    [t.id],
  );
  const states: MilestoneState[] = milestones.map((m) => ({
    milestone: m.milestone,
    status: m.status,
    doneBy: m.done_by,
    doneByName: m.done_by_name,
    doneAs: m.done_as,
    doneAt: iso(m.done_at),
    note: m.note,
  }));
  return {
    id: t.id,
    condition: t.condition,
    facility: t.facility,
    dischargedAt: iso(t.discharged_at)!,
    milestones: states,
  };
}
