import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import type { PlaybookScope } from '../playbook/playbook';
import { buildTools, type ToolIndex } from '../tools/tools';

/** The tools an archetype of the generated ontology offers, for a stage's own test. */
export function toolsOf(archetypeId: 'person-agent' | 'organization-agent'): ToolIndex {
  const a = GENERATED_ONTOLOGY.archetypes[archetypeId]!;
  const scope: PlaybookScope = {
    archetypeId: a.id,
    archetypeVersion: a.version,
    digest: a.definitionDigest,
    capabilityIds: a.capabilityIds,
    skillIds: a.skillIds,
    instructions: a.doctrine,
    specialists: [],
    declaredEffects: [],
  };
  return buildTools(GENERATED_ONTOLOGY, scope);
}
