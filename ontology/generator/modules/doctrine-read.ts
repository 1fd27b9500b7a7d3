import type { Term } from 'n3';
import { refuse } from '../errors';
import type { GraphReader } from '../reader';
import { iri, RDFS_LABEL } from '../vocab';
import { portalNode } from './care-team-read';

export type ThresholdModel = {
  metric: string;
  unit: string;
  above?: number;
  below?: number;
  riseAtLeast?: number;
  withinHours?: number;
};
export type SymptomRuleModel = { id: string; label: string; terms: string[]; tier: string; threshold?: ThresholdModel };

/** The escalation tiers in the portal's declared order, which must also be ascending hp:severity. */
export function readEscalationTiers(reader: GraphReader): string[] {
  const nodes = reader.list(portalNode(), iri('hp', 'escalationTiers'));
  const severities = nodes.map((node) => reader.integer(node, iri('hp', 'severity')));
  severities.forEach((severity, i) => {
    if (severity !== i)
      refuse(
        'ONTOLOGY_INVALID',
        `hp:portal hp:escalationTiers must list the tiers by ascending hp:severity from 0; ${reader.describe(nodes[i] as Term)} has ${severity} at position ${i}.`,
      );
  });
  return nodes.map((node) => reader.id(node, 'esc'));
}

/** The question themes (hc:QuestionThemeKind in seed 000) in declared order, with their labels. */
export function readQuestionThemes(reader: GraphReader): { id: string; label: string }[] {
  return reader.list(portalNode(), iri('hp', 'questionThemes')).map((node) => ({
    id: reader.id(node, 'theme'),
    label: reader.string(node, RDFS_LABEL),
  }));
}

function readThreshold(reader: GraphReader, node: Term | undefined): ThresholdModel | undefined {
  if (node === undefined) return undefined;
  return {
    metric: reader.string(node, iri('hp', 'metric')),
    unit: reader.string(node, iri('hp', 'unit')),
    above: reader.optionalNumber(node, iri('hp', 'above')),
    below: reader.optionalNumber(node, iri('hp', 'below')),
    riseAtLeast: reader.optionalNumber(node, iri('hp', 'riseAtLeast')),
    withinHours: reader.optionalInteger(node, iri('hp', 'withinHours')),
  };
}

/** The symptom doctrine, most severe first (the first rule whose term matches decides), then by id. */
export function readSymptomDoctrine(reader: GraphReader, tiers: readonly string[]): SymptomRuleModel[] {
  return reader
    .instancesOf(iri('hp', 'SymptomRule'))
    .map((node) => ({
      id: reader.id(node, 'sym'),
      label: reader.string(node, RDFS_LABEL),
      terms: reader.strings(node, iri('hp', 'term')),
      tier: reader.id(reader.object(node, iri('hp', 'escalatesTo')), 'esc'),
      threshold: readThreshold(reader, reader.optionalObject(node, iri('hp', 'threshold'))),
    }))
    .sort((a, b) => tiers.indexOf(b.tier) - tiers.indexOf(a.tier) || (a.id < b.id ? -1 : 1));
}

/** The cabinet's folders in declared order. */
export function readCabinetFolders(reader: GraphReader): string[] {
  const cabinet = reader.instancesOf(iri('ha', 'Cabinet'));
  if (cabinet.length !== 1)
    refuse('ONTOLOGY_INVALID', `There must be exactly one ha:Cabinet; there are ${cabinet.length}.`);
  return reader.list(cabinet[0] as Term, iri('ha', 'folders')).map((node) => reader.id(node, 'folder'));
}
