import type { Term } from 'n3';
import { exportConst, header, moduleText } from '../emit';
import { refuse } from '../errors';
import { iri, RDFS_LABEL } from '../vocab';
import { capabilityId } from './capabilities-read';
import type { ModuleContext, OntologyModule } from './module';

/** The heading that ends the planner doctrine in every definition (seed 001 §3 step 1). */
export const DOCTRINE_END = '## How each act is done';

const TYPES = `/** An archetype: a digest-pinned definition of what an agent knows how to do (never what it may do). */
export type Archetype = {
  readonly id: string;
  readonly label: string;
  readonly version: string;
  readonly definitionPath: string;
  /** digestOfText(definition). */
  readonly definitionDigest: \`0x\${string}\`;
  readonly definition: string;
  readonly appliesTo: 'person' | 'organization' | 'heartcoach';
  /** Its capabilities, including the capability of each of its instruction skills. */
  readonly capabilityIds: readonly string[];
  readonly skillIds: readonly string[];
  /** The planner doctrine: the definition text above '${DOCTRINE_END}'. */
  readonly doctrine: string;
  /** HeartCoach archetypes: the face they speak for. */
  readonly face?: 'patient' | 'care-team';
  /** HeartCoach archetypes: the coach tools (COACH_TOOLS ids) the definition carries. */
  readonly coachToolIds: readonly string[];
};`;

function readArchetype(ctx: ModuleContext, node: Term) {
  const { reader } = ctx;
  const path = reader.string(node, iri('ha', 'definitionPath'));
  const doc = ctx.documents.get(path);
  if (doc === undefined)
    refuse('ONTOLOGY_INVALID', `${reader.describe(node)} names ${path}, which is not a document of the ontology.`);
  const end = doc.text.indexOf(`\n${DOCTRINE_END}`);
  if (end < 0)
    refuse('ONTOLOGY_INVALID', `${path} has no "${DOCTRINE_END}" heading; the planner doctrine is the text above it.`);
  const skillIds = reader.ids(node, iri('ha', 'skill'), 'skill');
  const declared = reader.objects(node, iri('ha', 'capability')).map((cap) => capabilityId(reader, cap));
  return {
    id: reader.id(node, 'arch'),
    label: reader.string(node, RDFS_LABEL),
    version: reader.string(node, iri('ha', 'version')),
    definitionPath: `${ctx.sourceLabel}/${path}`,
    definitionDigest: reader.string(node, iri('ha', 'definitionDigest')),
    definition: doc.text,
    appliesTo: reader.string(node, iri('ha', 'appliesTo')),
    capabilityIds: [...declared, ...skillIds.filter((id) => !declared.includes(id))],
    skillIds,
    doctrine: doc.text.slice(0, end).trim(),
    face: reader.optionalString(node, iri('ha', 'face')),
    coachToolIds: reader.ids(node, iri('ha', 'coachTool'), 'tool'),
  };
}

function emit(ctx: ModuleContext): string {
  const archetypes = ctx.reader.instancesOf(iri('ha', 'Archetype')).map((node) => readArchetype(ctx, node));
  return moduleText([
    header('Archetypes: digest-pinned definitions, their capabilities and skills, and the planner doctrine.'),
    TYPES,
    exportConst(
      'Archetypes by id.',
      'ARCHETYPES',
      'Readonly<Record<string, Archetype>>',
      Object.fromEntries(archetypes.map((a) => [a.id, a])),
    ),
  ]);
}

/** src/ontology/archetypes.generated.ts */
export const archetypesModule: OntologyModule = { file: 'archetypes.generated.ts', emit };
