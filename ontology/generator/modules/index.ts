import { archetypesModule } from './archetypes';
import { capabilitiesModule } from './capabilities';
import { evalCasesModule } from './eval-cases';
import { healthPortalModule } from './health-portal';
import { lexiconModule } from './lexicon';
import type { OntologyModule } from './module';
import { skillsModule } from './skills';
import { understandingModule } from './understanding';

/**
 * The generated modules, one per file under src/ontology. The manifest is printed after these (it digests the
 * sources). The evaluation cases (`eval-cases.generated.ts`) are read from their own Turtle in ontology/eval/
 * (apeval:expectedSkill, forbiddenSkill, expectedBehaviour, underStartingState), outside the manifest.
 */
export const MODULES: readonly OntologyModule[] = [
  archetypesModule,
  capabilitiesModule,
  evalCasesModule,
  healthPortalModule,
  lexiconModule,
  skillsModule,
  understandingModule,
];
