import type { Term } from 'n3';
import { refuse } from '../errors';
import type { GraphReader } from '../reader';
import { iri, RDFS_COMMENT, RDFS_LABEL } from '../vocab';
import { portalNode } from './care-team-read';

export type JsonSchema = { [key: string]: unknown };
export type CoachToolModel = {
  id: string;
  modelName: string;
  label: string;
  description: string;
  inputSchema: JsonSchema;
  needs?: string;
  face: string;
  tier: string;
  requiresEmr?: boolean;
  offeredWhile?: string;
};
export type CardSkillModel = {
  id: string;
  label: string;
  description: string;
  consultationKind?: string;
  tier: string;
  archetype?: string;
  outcomes: string[];
};
/** Lists a parameter's enum may be drawn from, by the class named in hp:paramEnumFrom. */
export type EnumSources = Readonly<Record<string, readonly string[]>>;

/** Registered ids are dotted; the model's tool namespace is not (seed 000 §3 step 5): heartcoach.log → heartcoach__log. */
export const modelToolName = (id: string): string => id.replaceAll('.', '__');

function readParam(reader: GraphReader, node: Term, enums: EnumSources): [string, JsonSchema, boolean] {
  const name = reader.string(node, iri('hp', 'paramName'));
  const type = reader.string(node, iri('hp', 'paramType'));
  const fromClass = reader.optionalObject(node, iri('hp', 'paramEnumFrom'));
  let values: readonly string[] | undefined;
  if (fromClass !== undefined) {
    values = enums[fromClass.value];
    if (values === undefined)
      refuse(
        'ONTOLOGY_INVALID',
        `${reader.describe(node)} hp:paramEnumFrom names ${reader.describe(fromClass)}, which is not a list the generator knows.`,
      );
  } else if (reader.optionalObject(node, iri('hp', 'paramEnum')) !== undefined) {
    values = reader.list(node, iri('hp', 'paramEnum')).map((term) => term.value);
  }
  const maxLength = reader.optionalInteger(node, iri('hp', 'paramMaxLength'));
  const description = reader.string(node, RDFS_COMMENT);
  const scalar: JsonSchema = { type: type === 'array' ? 'string' : type, enum: values, maxLength };
  const schema: JsonSchema = type === 'array' ? { type, description, items: scalar } : { ...scalar, description };
  return [name, schema, reader.boolean(node, iri('hp', 'paramRequired'))];
}

/** A tool's JSON input schema, built from its hp:param nodes in the order they were written. */
function inputSchema(reader: GraphReader, tool: Term, enums: EnumSources): JsonSchema {
  const params = reader.objects(tool, iri('hp', 'param')).map((node) => readParam(reader, node, enums));
  return {
    type: 'object',
    properties: Object.fromEntries(params.map(([name, schema]) => [name, schema])),
    required: params.filter(([, , required]) => required).map(([name]) => name),
    additionalProperties: false,
  };
}

/** The coach's tools in the portal's declared offering order; every hp:CoachTool must be in that list. */
export function readCoachTools(reader: GraphReader, enums: EnumSources): CoachToolModel[] {
  const ordered = reader.list(portalNode(), iri('hp', 'coachTools'));
  const declared = reader.instancesOf(iri('hp', 'CoachTool'));
  for (const node of declared) {
    if (!ordered.some((t) => t.equals(node)))
      refuse(
        'ONTOLOGY_INVALID',
        `${reader.describe(node)} is a hp:CoachTool but is missing from hp:portal hp:coachTools.`,
      );
  }
  return ordered.map((node) => {
    if (!declared.some((t) => t.equals(node)))
      refuse(
        'ONTOLOGY_INVALID',
        `hp:portal hp:coachTools lists ${reader.describe(node)}, which is not a hp:CoachTool.`,
      );
    const id = reader.id(node, 'tool');
    const needs = reader.optionalObject(node, iri('hp', 'needs'));
    return {
      id,
      modelName: modelToolName(id),
      label: reader.string(node, RDFS_LABEL),
      description: reader.string(node, RDFS_COMMENT),
      inputSchema: inputSchema(reader, node, enums),
      needs: needs === undefined ? undefined : reader.id(needs, 'desk'),
      face: reader.string(node, iri('hp', 'face')),
      tier: reader.string(node, iri('hp', 'tier')),
      requiresEmr:
        reader.optionalObject(node, iri('hp', 'requiresEmr')) === undefined
          ? undefined
          : reader.boolean(node, iri('hp', 'requiresEmr')),
      offeredWhile: reader.optionalString(node, iri('hp', 'offeredWhile')),
    };
  });
}

/** The tier catalog: every coach tool and every catalogued capability that is never offered, with its tier. */
export function readTierCatalog(reader: GraphReader, tools: readonly CoachToolModel[]): Record<string, string> {
  const entries = reader
    .instancesOf(iri('hp', 'CatalogEntry'))
    .map((node) => [reader.id(node, 'tool'), reader.string(node, iri('hp', 'tier'))] as const);
  const catalog = Object.fromEntries(
    [...tools.map((t) => [t.id, t.tier] as const), ...entries].sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  if (!Object.values(catalog).includes('HighConsequence'))
    refuse(
      'ONTOLOGY_INVALID',
      'The tier catalog must hold at least one HighConsequence capability (seed 000 §3 step 1); it holds none.',
    );
  return catalog;
}

/** The skills on HeartCoach's agent card. */
export function readCardSkills(reader: GraphReader): CardSkillModel[] {
  return reader.instancesOf(iri('hp', 'CardSkill')).map((node) => {
    const archetype = reader.optionalObject(node, iri('hp', 'cardArchetype'));
    return {
      id: reader.id(node, 'card'),
      label: reader.string(node, RDFS_LABEL),
      description: reader.string(node, RDFS_COMMENT),
      consultationKind: reader.optionalString(node, iri('hp', 'consultationKind')),
      tier: reader.string(node, iri('hp', 'tier')),
      archetype: archetype === undefined ? undefined : reader.id(archetype, 'arch'),
      outcomes: reader.strings(node, iri('hp', 'outcome')),
    };
  });
}
