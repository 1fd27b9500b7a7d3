import { DataFactory, type Term } from 'n3';
import { refuse } from '../errors';
import type { GraphReader } from '../reader';
import { iri, RDFS_COMMENT, RDFS_LABEL } from '../vocab';

export type CareRoleModel = {
  id: string;
  label: string;
  entitles: string[];
  duties: string[];
  neverDoes: string[];
  archetype: string;
};
export type MilestoneModel = { id: string; label: string; description?: string; owner: string; dueHours: number };

const PORTAL = DataFactory.namedNode(iri('hp', 'portal'));

/** The node that holds the portal's lists (escalation tiers, themes, tool order, the steward rule). */
export const portalNode = (): Term => PORTAL;

/** Care-team roles (hp:CareRole) with hp:roleEntitles, hp:roleDuty, hp:roleNeverDoes and hp:roleArchetype. */
export function readCareRoles(reader: GraphReader): CareRoleModel[] {
  return reader.instancesOf(iri('hp', 'CareRole')).map((node) => ({
    id: reader.id(node, 'role'),
    label: reader.string(node, RDFS_LABEL),
    entitles: reader.ids(node, iri('hp', 'roleEntitles'), 'desk'),
    duties: reader.strings(node, iri('hp', 'roleDuty')),
    neverDoes: reader.strings(node, iri('hp', 'roleNeverDoes')),
    archetype: reader.id(reader.object(node, iri('hp', 'roleArchetype')), 'arch'),
  }));
}

/** The desk capabilities (hp:DeskCapability) with their labels. */
export function readDeskCapabilities(reader: GraphReader): { id: string; label: string }[] {
  return reader.instancesOf(iri('hp', 'DeskCapability')).map((node) => ({
    id: reader.id(node, 'desk'),
    label: reader.string(node, RDFS_LABEL),
  }));
}

/** The thirty days: milestones in due order (then by id), each with its owner role and due hours. */
export function readMilestones(reader: GraphReader): MilestoneModel[] {
  return reader
    .instancesOf(iri('hp', 'Milestone'))
    .map((node) => ({
      id: reader.id(node, 'ms'),
      label: reader.string(node, RDFS_LABEL),
      description: reader.optionalString(node, RDFS_COMMENT),
      owner: reader.id(reader.object(node, iri('hp', 'milestoneOwner')), 'role'),
      dueHours: reader.integer(node, iri('hp', 'milestoneDueHours')),
    }))
    .sort((a, b) => a.dueHours - b.dueHours || (a.id < b.id ? -1 : 1));
}

/** The role a steward holds implicitly (seed 000 §3 step 3); it must be one of the roles. */
export function readStewardImplies(reader: GraphReader, roles: readonly CareRoleModel[]): string {
  const id = reader.id(reader.object(portalNode(), iri('hp', 'stewardImplies')), 'role');
  if (!roles.some((role) => role.id === id))
    refuse('ONTOLOGY_INVALID', `hp:portal hp:stewardImplies role:${id}, which is not a hp:CareRole.`);
  return id;
}
