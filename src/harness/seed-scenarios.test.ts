import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY } from './kernel/ontology';
import { memoryWorld } from './testing/memory-world';
import { SEED_SCENARIOS } from './testing/seed-scenarios';
import { LADDER_SCENARIOS } from './testing/ladder-scenarios';
import { scriptedModel, throwingModel } from './testing/scripted-model';
import type { Scenario } from './testing/scenario';

/**
 * Seed 001 §5's nine asks, the ask-as-me variant and the authority ladder, over the in-memory world (the shipped
 * fakes). Phase 2 runs the same scenario lists over the real vault on fake-indexeddb and the embedded chain.
 */
const modelFor = (s: Scenario) =>
  s.model === 'none' ? null : s.model === 'throwing' ? throwingModel() : scriptedModel(s.model);

for (const [suite, scenarios] of [
  ['seed 001 §5', SEED_SCENARIOS],
  ['authority ladder and doors', LADDER_SCENARIOS],
] as const) {
  describe(`${suite} (in-memory world)`, () => {
    for (const scenario of scenarios) {
      it(`${scenario.id} ${scenario.title}`, async () => {
        const world = await memoryWorld({
          model: modelFor(scenario),
          ontology: GENERATED_ONTOLOGY,
          ...(scenario.settings !== undefined ? { settings: scenario.settings } : {}),
        });
        await scenario.run(world, expect);
      });
    }
  });
}
