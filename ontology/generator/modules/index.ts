import { archetypesModule } from './archetypes';
import { capabilitiesModule } from './capabilities';
import { healthPortalModule } from './health-portal';
import { lexiconModule } from './lexicon';
import type { OntologyModule } from './module';
import { skillsModule } from './skills';

/**
 * The generated modules, one per file under src/ontology. The manifest is printed after these (it digests the
 * sources). The evaluation cases of the judgement issue join this list as `eval-cases.generated.ts`, read from
 * their own Turtle (apeval:expectedSkill, forbiddenSkill, expectedBehaviour, underStartingState).
 */
export const MODULES: readonly OntologyModule[] = [archetypesModule, capabilitiesModule, healthPortalModule, lexiconModule, skillsModule];
