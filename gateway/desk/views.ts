import { refuse } from '../errors';
import { dayAfter, milestoneLines, roleLabel, type MilestoneLine } from '../coach/brief-format';
import { deskRecord, enrollmentsOf, memberName, practiceAt } from './reads';
import type { SqlRunner } from './sql';
import { entitled, notOnTeam, standingOf } from './standing';
import type { Address, Alert, DeskRecord, ThreadMessage } from './types';

/**
 * What the HeartCoach page shows: the care-team desk — the member's patients with their alerts and their
 * day of the thirty, and one patient's page (the thirty days with what is the reader's to record, alerts, thread) —
 * and the patient's own side (their team, their thirty days, their thread). Each is read under the reader's own
 * standing, by the same rules as a consultation: not on the team is the one 404 sentence, a role not for chart.read
 * is 403 in words. The patient's cabinet is never here: it lives with their agent.
 */
export type MilestoneView = MilestoneLine & { ownerLabel: string; mine: boolean };
export type PatientSummary = {
  address: Address;
  name: string;
  roles: string[];
  openAlerts: number;
  day: number | null;
  mineToRecord: number;
};
export type PracticeDesk = { practice: Address; name: string; patients: PatientSummary[] };
export type PatientPage = {
  practice: Address;
  practiceName: string;
  patient: Address;
  patientName: string;
  carePlan: string;
  roles: string[];
  roleLabels: string[];
  capabilities: string[];
  team: { address: Address; name: string; roles: string[] }[];
  thirty: {
    condition: string;
    facility: string;
    dischargedAt: string;
    day: number;
    milestones: MilestoneView[];
  } | null;
  alerts: Alert[];
  thread: ThreadMessage[];
};
export type MyCare = Omit<PatientPage, 'roles' | 'roleLabels' | 'capabilities'>;
export type DeskMe = { address: Address; name: string; desks: PracticeDesk[]; care: MyCare[] };

function thirtyOf(record: DeskRecord, now: Date, roles: readonly string[]): PatientPage['thirty'] {
  const t = record.transition;
  if (t === null) return null;
  const milestones = milestoneLines(t, now).map((m) => ({
    ...m,
    ownerLabel: roleLabel(m.owner),
    mine: m.status !== 'done' && roles.includes(m.owner),
  }));
  return {
    condition: t.condition,
    facility: t.facility,
    dischargedAt: t.dischargedAt,
    day: dayAfter(t.dischargedAt, now),
    milestones,
  };
}

const careOf = (record: DeskRecord, now: Date): MyCare => ({
  practice: record.enrollment.practice,
  practiceName: record.enrollment.practiceName,
  patient: record.enrollment.patient,
  patientName: record.enrollment.patientName,
  carePlan: record.enrollment.carePlan,
  team: record.team,
  thirty: thirtyOf(record, now, []),
  alerts: record.alerts,
  thread: record.thread,
});

/** A member's view of one patient at one practice, or the refusal in words. */
export async function patientPage(
  sql: SqlRunner,
  reader: Address,
  practice: string,
  patient: string,
  now: Date,
): Promise<PatientPage> {
  const p = await practiceAt(sql, practice);
  const name = p === null ? null : await memberName(sql, p.address, reader);
  if (p === null || name === null)
    throw refuse.notFound(
      'you are not a member of that practice on this desk — or your grant does not reach it',
      'not_a_member',
    );
  const record = await deskRecord(sql, p.address, patient, 20);
  if (record === null) throw notOnTeam();
  const standing = standingOf(record, { address: reader, name }, p.steward);
  const refused = entitled(standing, record.enrollment.patientName, 'chart.read');
  if (refused !== null) throw refused;
  return {
    ...careOf(record, now),
    roles: [...standing.roles],
    roleLabels: standing.roles.map(roleLabel),
    capabilities: standing.capabilities,
    thirty: thirtyOf(record, now, standing.roles),
  };
}

/** Who the reader is on this desk: the practices they are a member of with the patients on whose teams they are, and their own care. */
export async function deskMe(sql: SqlRunner, reader: Address, fallbackName: string, now: Date): Promise<DeskMe> {
  const practices = await sql.query<{ address: Address; name: string; steward: Address; member_name: string }>(
    `SELECT p.address, p.name, p.steward, m.name AS member_name FROM members m JOIN practices p ON p.address = m.practice
     WHERE m.address = $1 ORDER BY p.name`,
    [reader],
  );
  const desks: PracticeDesk[] = [];
  for (const p of practices) {
    const enrolled = await sql.query<{ patient: Address }>(
      `SELECT patient FROM enrollments WHERE practice = $1 ORDER BY enrolled_at, patient`,
      [p.address],
    );
    const patients: PatientSummary[] = [];
    for (const { patient } of enrolled) {
      const record = await deskRecord(sql, p.address, patient);
      if (record === null) continue;
      const standing = standingOf(record, { address: reader, name: p.member_name }, p.steward);
      if (standing.roles.length === 0) continue;
      const thirty = thirtyOf(record, now, standing.roles);
      patients.push({
        address: patient,
        name: record.enrollment.patientName,
        roles: standing.roles.map(roleLabel),
        openAlerts: record.alerts.filter((a) => a.state === 'open').length,
        day: thirty?.day ?? null,
        mineToRecord: thirty?.milestones.filter((m) => m.mine).length ?? 0,
      });
    }
    desks.push({ practice: p.address, name: p.name, patients });
  }
  const care: MyCare[] = [];
  for (const e of await enrollmentsOf(sql, reader)) {
    const record = await deskRecord(sql, e.practice, reader, 20);
    if (record !== null) care.push(careOf(record, now));
  }
  const name = practices[0]?.member_name ?? care[0]?.patientName ?? fallbackName;
  return { address: reader, name, desks, care };
}
