import type { Term } from 'n3';
import { exportConst, header, moduleText } from '../emit';
import { refuse } from '../errors';
import { iri, RDFS_COMMENT, RDFS_LABEL } from '../vocab';
import type { ModuleContext, OntologyModule } from './module';

const TYPES = `/** An instruction skill: the judge's card (purpose, covers → "Produces: …", excludes → "Not for: …"), its place in
 * the outcome graph, its answer template, and the body the model runs under, pinned by digest. */
export type InstructionSkill = {
  readonly id: string;
  readonly label: string;
  readonly purpose: string;
  readonly covers: readonly string[];
  readonly excludes: readonly string[];
  readonly produces: readonly string[];
  readonly consumes: readonly string[];
  readonly answerTemplate: string;
  readonly bodyPath: string;
  /** digestOfText(body): keccak256 over the body's UTF-8. */
  readonly bodyDigest: \`0x\${string}\`;
  readonly body: string;
  readonly utterances: readonly string[];
  readonly terms: readonly string[];
};`;

/** Reads one skill; its body is the digest-checked document the Turtle names. */
function readSkill(ctx: ModuleContext, node: Term) {
  const { reader } = ctx;
  const path = reader.string(node, iri('ha', 'bodyPath'));
  const doc = ctx.documents.get(path);
  if (doc === undefined)
    refuse('ONTOLOGY_INVALID', `${reader.describe(node)} names ${path}, which is not a document of the ontology.`);
  return {
    id: reader.id(node, 'skill'),
    label: reader.string(node, RDFS_LABEL),
    purpose: reader.string(node, RDFS_COMMENT),
    covers: reader.strings(node, iri('ha', 'covers')),
    excludes: reader.strings(node, iri('ha', 'excludes')),
    produces: reader.ids(node, iri('ha', 'produces'), 'out'),
    consumes: reader.ids(node, iri('ha', 'consumes'), 'out'),
    answerTemplate: reader.string(node, iri('ha', 'answerTemplate')),
    bodyPath: `${ctx.sourceLabel}/${path}`,
    bodyDigest: reader.string(node, iri('ha', 'bodyDigest')),
    body: doc.text,
    utterances: reader.strings(node, iri('ha', 'utterance')),
    terms: reader.strings(node, iri('ha', 'term')),
  };
}

function emit(ctx: ModuleContext): string {
  const skills = ctx.reader.instancesOf(iri('ha', 'InstructionSkill')).map((node) => readSkill(ctx, node));
  return moduleText([
    header('Instruction skills: cards, outcome graph, answer templates, and bodies pinned by digest.'),
    TYPES,
    exportConst(
      'Instruction skills by id (each is also a capability of kind skill with the same id).',
      'INSTRUCTION_SKILLS',
      'Readonly<Record<string, InstructionSkill>>',
      Object.fromEntries(skills.map((s) => [s.id, s])),
    ),
  ]);
}

/** src/ontology/skills.generated.ts */
export const skillsModule: OntologyModule = { file: 'skills.generated.ts', emit };
