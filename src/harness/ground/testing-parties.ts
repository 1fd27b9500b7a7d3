import { DEMO_ORGANIZATIONS, DEMO_PEOPLE } from '../../protocol/demo-identities';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import type { Party } from '../kernel/ports';
import { buildTools, type ToolIndex } from '../tools/tools';

/**
 * For the grounding's tests: the names Alice's demo vault knows (DESIGN §10) as parties, and the tools of an
 * archetype. The addresses are stand-ins; grounding never reads one.
 */
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;
const person = (id: keyof typeof DEMO_PEOPLE, n: number, via: Party['via'] = 'contact'): Party => ({
  address: at(n),
  label: DEMO_PEOPLE[id].name,
  aliases: DEMO_PEOPLE[id].aliases,
  kind: 'person',
  via,
});
const organization = (id: keyof typeof DEMO_ORGANIZATIONS, n: number): Party => ({
  address: at(n),
  label: DEMO_ORGANIZATIONS[id].name,
  aliases: DEMO_ORGANIZATIONS[id].aliases,
  kind: 'organization',
  via: 'organization',
});

export const DEMO_PARTIES: readonly Party[] = [
  person('david', 1),
  person('bob', 2),
  person('carol', 3),
  person('nathan', 4),
  person('dave', 5, 'member'),
  organization('missio-nexus', 10),
  organization('thompson-community', 11),
  organization('thompson-family', 12),
];

export function toolsOf(archetypeId: string): ToolIndex {
  const a = GENERATED_ONTOLOGY.archetypes[archetypeId]!;
  return buildTools(GENERATED_ONTOLOGY, {
    archetypeId: a.id,
    archetypeVersion: a.version,
    digest: a.definitionDigest,
    capabilityIds: a.capabilityIds,
    skillIds: a.skillIds,
    instructions: '',
    specialists: [],
    declaredEffects: [],
  });
}
