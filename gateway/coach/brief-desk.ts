import { CARE_ROLES } from '../../src/ontology/health-portal.generated';
import type { Standing } from '../desk/standing';
import type { DeskRecord } from '../desk/types';
import { day, dayAfter, milestoneLines, milestoneText, roleLabel, when } from './brief-format';

/**
 * The care team's brief (seed 000 step 6, deskBrief): the member's roles, what they are for, what they owe and never
 * do — the ontology speaking to the model — the thirty days with "YOURS TO RECORD", the patient's enrolment and team,
 * the alerts and the thread. Nothing from the patient's cabinet: it is not on the desk, and the brief says so.
 */
export function deskBrief(record: DeskRecord, standing: Standing, now: Date): string {
  const { enrollment, team, alerts, thread, transition } = record;
  const lines = [
    `# The desk at ${enrollment.practiceName}, about ${enrollment.patientName} — read under ${standing.memberName}'s own grant · now ${when(now.toISOString())}`,
    "## You, on this patient's care team",
    `Roles: ${standing.roles.map(roleLabel).join(', ')}.  What your roles are for (hp:roleEntitles): ${standing.capabilities.join(', ')}.`,
  ];
  for (const role of standing.roles) {
    const r = CARE_ROLES[role];
    lines.push(
      `As ${r.label}, in the first thirty days you owe: ${r.duties.map((d, i) => `(${i + 1}) ${d}`).join(' ')} (hp:roleDuty)`,
    );
    lines.push(`As ${r.label} you never: ${r.neverDoes.join('; ')} (hp:roleNeverDoes)`);
  }
  lines.push("Offer only what your roles are for; what lands is decided by the practice's grant, not by this list.");
  if (transition !== null) {
    lines.push(
      `## The thirty days — day ${dayAfter(transition.dischargedAt, now)} after discharge (${transition.condition}, ${transition.facility}, discharged ${day(transition.dischargedAt)})`,
    );
    for (const line of milestoneLines(transition, now))
      lines.push(milestoneText(line, standing.roles.includes(line.owner)));
  } else {
    lines.push('## The thirty days — no transition of care is open for this patient');
  }
  lines.push(
    `## ${enrollment.patientName} (${enrollment.patient})`,
    `Enrolled at ${enrollment.practiceName} since ${day(enrollment.enrolledAt)}; care team: ${team.map((m) => `${m.name} (${m.roles.map(roleLabel).join(', ')}, ${m.address})`).join('; ')}.`,
    `Care plan: ${enrollment.carePlan || 'none written'}`,
    `The patient's own readings (weight, blood pressure, steps, doses) live in THEIR cabinet, not on this desk: this desk holds none of them.`,
    '## Alerts (newest first)',
    ...(alerts.length > 0
      ? alerts.map(
          (a) =>
            `- ${a.severity} · ${a.state} · "${a.text}" · raised ${when(a.raisedAt)}${a.acknowledgedByName === null ? '' : ` · acknowledged by ${a.acknowledgedByName}`} (alertId ${a.id})`,
        )
      : ['- none']),
    '## Thread (oldest first, last 10)',
    ...(thread.length > 0
      ? thread.map((m) => `- ${when(m.sentAt)} · ${m.fromName} (${roleLabel(m.fromRole)}) → ${m.toName}: "${m.text}"`)
      : ['- none']),
  );
  return lines.join('\n');
}
