import { CARE_ROLES, MILESTONES, type CareRoleId } from '../../src/ontology/health-portal.generated';
import type { Transition } from '../desk/types';

/** Shared formatting for the briefs: times in UTC as "2026-09-29 11:58", roles by their ontology labels. */
export const when = (iso: string): string => iso.slice(0, 16).replace('T', ' ');
export const day = (iso: string): string => iso.slice(0, 10);

export const roleLabel = (role: string): string =>
  Object.hasOwn(CARE_ROLES, role) ? CARE_ROLES[role as CareRoleId].label : role;

/** Whole days since discharge ("day 3" from 2026-09-25 12:00 to 2026-09-29 11:58). */
export const dayAfter = (dischargedAt: string, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - new Date(dischargedAt).getTime()) / 86_400_000));

export type MilestoneLine = {
  id: string;
  label: string;
  owner: CareRoleId;
  dueAt: string;
  status: 'done' | 'due' | 'overdue';
  doneBy: string | null;
  doneAs: string | null;
  doneAt: string | null;
  note: string | null;
};

/** The thirty days as the ontology orders them, each with its owner, due time and state on this desk. */
export function milestoneLines(transition: Transition, now: Date): MilestoneLine[] {
  const discharged = new Date(transition.dischargedAt).getTime();
  return MILESTONES.flatMap((m) => {
    const state = transition.milestones.find((s) => s.milestone === m.id);
    if (state === undefined) return [];
    const dueAt = new Date(discharged + m.dueHours * 3_600_000).toISOString();
    const status = state.status === 'done' ? 'done' : dueAt < now.toISOString() ? 'overdue' : 'due';
    return [
      {
        id: m.id,
        label: m.label,
        owner: m.owner,
        dueAt,
        status,
        doneBy: state.doneByName,
        doneAs: state.doneAs,
        doneAt: state.doneAt,
        note: state.note,
      },
    ];
  });
}

/** One milestone as a brief line; `mine` marks the ones the reader's roles own and has not recorded. */
export function milestoneText(line: MilestoneLine, mine: boolean): string {
  const head = `- ${line.id} · ${line.label} · owner ${roleLabel(line.owner)} · due ${when(line.dueAt)}`;
  if (line.status === 'done') {
    const by =
      line.doneBy === null ? '' : ` by ${line.doneBy}${line.doneAs === null ? '' : ` as ${roleLabel(line.doneAs)}`}`;
    return `${head} · DONE${by}${line.doneAt === null ? '' : ` ${when(line.doneAt)}`}`;
  }
  return `${head} · ${line.status === 'overdue' ? 'OVERDUE' : 'DUE'}${mine ? ' · YOURS TO RECORD' : ''}`;
}
