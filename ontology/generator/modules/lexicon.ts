import type { Term } from 'n3';
import { exportConst, header, moduleText } from '../emit';
import type { GraphReader } from '../reader';
import { iri, RDFS_LABEL } from '../vocab';
import { capabilityId } from './capabilities-read';
import type { ModuleContext, OntologyModule } from './module';

const TYPES = `/** A domain class: the words that name it, its cluster, what it is typically used with, its vault record type. */
export type DomainClass = {
  readonly id: string; readonly label: string; readonly terms: readonly string[]; readonly cluster: string;
  readonly typicalUses: readonly string[]; readonly recordType?: string;
};
/**
 * An outcome class: what a step produces or consumes; its terms type an open intent by word match. \`givenBy: 'person'\`
 * marks an input only the person can give (the gift a thank-you is for): it is asked for, never produced.
 */
export type OutcomeClass = {
  readonly id: string; readonly label: string; readonly terms: readonly string[]; readonly givenBy?: 'person';
};
/** A class of medicines: the plain words people call it ("water pill") and the drugs it holds (furosemide). */
export type DrugClass = {
  readonly id: string; readonly label: string; readonly aliases: readonly string[]; readonly drugs: readonly string[];
};`;

function readDomainClass(reader: GraphReader, node: Term) {
  return {
    id: reader.id(node, 'dom'),
    label: reader.string(node, RDFS_LABEL),
    terms: reader.strings(node, iri('ha', 'term')),
    cluster: reader.id(reader.object(node, iri('ha', 'cluster')), 'clu'),
    typicalUses: reader.objects(node, iri('ha', 'typicalUse')).map((use) => capabilityId(reader, use)),
    recordType: reader.optionalString(node, iri('ha', 'recordType')),
  };
}

function emit(ctx: ModuleContext): string {
  const { reader } = ctx;
  const classes = reader.instancesOf(iri('ha', 'DomainClass')).map((node) => readDomainClass(reader, node));
  const outcomes = reader.instancesOf(iri('ha', 'OutcomeClass')).map((node) => ({
    id: reader.id(node, 'out'),
    label: reader.string(node, RDFS_LABEL),
    terms: reader.strings(node, iri('ha', 'term')),
    givenBy: reader.optionalString(node, iri('ha', 'givenBy')),
  }));
  const drugClasses = reader.instancesOf(iri('ha', 'DrugClass')).map((node) => ({
    id: reader.id(node, 'dom'),
    label: reader.string(node, RDFS_LABEL),
    aliases: reader.strings(node, iri('ha', 'alias')),
    drugs: reader.strings(node, iri('ha', 'drug')),
  }));
  const clusters = reader.instancesOf(iri('ha', 'Cluster')).map((node) => reader.id(node, 'clu'));
  return moduleText([
    header('The domain lexicon (classes, terms, clusters) and the outcome classes steps produce and consume.'),
    TYPES,
    exportConst(
      'Domain classes by id.',
      'DOMAIN_CLASSES',
      'Readonly<Record<string, DomainClass>>',
      Object.fromEntries(classes.map((c) => [c.id, c])),
    ),
    exportConst(
      'Outcome classes by id.',
      'OUTCOME_CLASSES',
      'Readonly<Record<string, OutcomeClass>>',
      Object.fromEntries(outcomes.map((o) => [o.id, o])),
    ),
    exportConst(
      "Drug classes by id: what a dose said in plain words names, matched to the person's own orders.",
      'DRUG_CLASSES',
      'Readonly<Record<string, DrugClass>>',
      Object.fromEntries(drugClasses.map((c) => [c.id, c])),
    ),
    exportConst(
      'Each cluster with its domain classes (the neighbours a typed reading mentions).',
      'CLUSTERS',
      'Readonly<Record<string, readonly string[]>>',
      Object.fromEntries(
        clusters.map((cluster) => [cluster, classes.filter((c) => c.cluster === cluster).map((c) => c.id)]),
      ),
    ),
  ]);
}

/** src/ontology/lexicon.generated.ts */
export const lexiconModule: OntologyModule = { file: 'lexicon.generated.ts', emit };
