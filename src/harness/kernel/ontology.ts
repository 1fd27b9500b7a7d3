import { ARCHETYPES } from '../../ontology/archetypes.generated';
import { CAPABILITIES, SETTINGS } from '../../ontology/capabilities.generated';
import { CLUSTERS, DOMAIN_CLASSES, OUTCOME_CLASSES } from '../../ontology/lexicon.generated';
import { ONTOLOGY_DIGEST, ONTOLOGY_VERSION } from '../../ontology/manifest.generated';
import { INSTRUCTION_SKILLS } from '../../ontology/skills.generated';
import type { OntologyView } from './ontology-view';

/**
 * The generated ontology (Turtle → src/ontology/*.generated.ts) as the harness reads it. The assignment below is
 * typed by the generated modules themselves (ontology-view.ts re-exports their types), so there is one definition.
 */
export const GENERATED_ONTOLOGY: OntologyView = {
  version: ONTOLOGY_VERSION,
  digest: ONTOLOGY_DIGEST,
  capabilities: CAPABILITIES,
  skills: INSTRUCTION_SKILLS,
  archetypes: ARCHETYPES,
  domainClasses: DOMAIN_CLASSES,
  outcomeClasses: OUTCOME_CLASSES,
  clusters: CLUSTERS,
  settings: SETTINGS,
};
