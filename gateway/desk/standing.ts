import { CARE_ROLES, STEWARD_IMPLIES, type CareRoleId } from '../../src/ontology/health-portal.generated';
import { refuse, type Refusal } from '../errors';
import type { Address, DeskRecord } from './types';

/**
 * A member's standing on one patient's team (seed 000 step 3): the roles they hold there (a practice's steward holds
 * clinical-manager implicitly) and what those roles are for — the union of hp:roleEntitles, read from the generated
 * ontology, never from a table here.
 */
export type Standing = { member: Address; memberName: string; roles: CareRoleId[]; capabilities: string[] };

const isCareRole = (role: string): role is CareRoleId => Object.hasOwn(CARE_ROLES, role);

/** The roles `member` holds on this patient's team, in the ontology's role order. */
export function rolesOver(record: DeskRecord, member: string, steward: string): CareRoleId[] {
  const me = member.toLowerCase();
  const held = new Set(record.team.find((m) => m.address === me)?.roles.filter(isCareRole) ?? []);
  if (steward.toLowerCase() === me) held.add(STEWARD_IMPLIES);
  return (Object.keys(CARE_ROLES) as CareRoleId[]).filter((role) => held.has(role));
}

/** The union of what the roles are for (hp:roleEntitles). */
export function capabilitiesOf(roles: readonly CareRoleId[]): string[] {
  return [...new Set(roles.flatMap((role) => CARE_ROLES[role].entitles))].sort();
}

export function standingOf(record: DeskRecord, member: { address: string; name: string }, steward: string): Standing {
  const roles = rolesOver(record, member.address, steward);
  return {
    member: member.address.toLowerCase() as Address,
    memberName: member.name,
    roles,
    capabilities: capabilitiesOf(roles),
  };
}

/**
 * Gate 1, the ontology gate: is this what your role is for? A refusal names the roles and the capability (403
 * not_entitled); no roles on this patient's team at all is the 404 of DESIGN §10.
 */
export function entitled(standing: Standing, patientName: string, capability: string): Refusal | null {
  if (standing.roles.length === 0) return notOnTeam();
  if (standing.capabilities.includes(capability)) return null;
  return refuse.forbidden(
    'not_entitled',
    `your role on ${patientName}'s team (${standing.roles.join(', ')}) is not for ${capability} — hp:roleEntitles`,
  );
}

/** Not on the patient's team, or no such enrolment: one sentence for both, so the desk does not say which. */
export const notOnTeam = (): Refusal =>
  refuse.notFound('no enrollment on this desk names that patient — or your grant does not reach it', 'not_on_team');
