import type { DeskRecord } from '../desk/types';
import { day, dayAfter, milestoneLines, roleLabel, when } from './brief-format';

/**
 * The care-team section of the patient's brief (seed 000 step 6, careTeamAtHand): the practice the patient is enrolled
 * at, who is on their team in what role with each member's address (so "tell my nurse" has a `to`), the thirty days,
 * open alerts, the latest word from each member and the last ten messages.
 */
export function careTeamSection(record: DeskRecord | null, now: Date): string {
  if (record === null) {
    return '## Your care team\nYou are not enrolled at a practice yet: there is no care team on the desk to write to.';
  }
  const { enrollment, team, alerts, thread, transition } = record;
  const lines = [
    '## Your care team',
    `Enrolled at ${enrollment.practiceName} since ${day(enrollment.enrolledAt)}. Write to a member by the address listed.`,
    ...team.map((m) => `- ${m.name} — ${m.roles.map(roleLabel).join(' and ')} — ${m.address}`),
  ];
  if (transition !== null) {
    const ms = milestoneLines(transition, now);
    lines.push(
      `The thirty days: day ${dayAfter(transition.dischargedAt, now)} after discharge (${transition.condition}, ${transition.facility}, discharged ${day(transition.dischargedAt)}).`,
      `Done: ${
        ms
          .filter((m) => m.status === 'done')
          .map((m) => m.label)
          .join('; ') || 'nothing yet'
      }.`,
      `Coming up: ${
        ms
          .filter((m) => m.status !== 'done')
          .map((m) => `${m.label} (${roleLabel(m.owner)}, by ${day(m.dueAt)})`)
          .join('; ') || 'nothing'
      }.`,
    );
  }
  const open = alerts.filter((a) => a.state === 'open');
  lines.push(
    `Open alerts: ${open.map((a) => `${a.severity}: "${a.text}" (${when(a.raisedAt)})`).join('; ') || 'none'}.`,
  );
  const latest = new Map<string, string>();
  for (const m of thread)
    if (team.some((t) => t.address === m.fromAddress)) latest.set(m.fromName, `"${m.text}" (${when(m.sentAt)})`);
  lines.push(`Latest word: ${[...latest].map(([name, text]) => `${name}: ${text}`).join('; ') || 'none yet'}.`);
  lines.push(
    'Last messages (oldest first):',
    ...(thread.length > 0
      ? thread.map((m) => `- ${when(m.sentAt)} · ${m.fromName} → ${m.toName}: "${m.text}"`)
      : ['- none']),
  );
  return lines.join('\n');
}
