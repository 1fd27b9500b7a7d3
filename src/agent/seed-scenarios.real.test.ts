import { describe, expect, it } from 'vitest';
import { LADDER_SCENARIOS, type Scenario, scriptedModel, throwingModel, SEED_SCENARIOS } from '../harness/testing';
import { realWorld } from './testing/real-world';

/**
 * Seed 001 §5's nine asks, the ask-as-me variant and the authority ladder — the very scenario lists the in-memory
 * world runs (src/harness/seed-scenarios.test.ts) — over real parts: the composition root on the Dexie vault
 * (fake-indexeddb) and the embedded EVM with the MetaMask Delegation Framework, real delegations, real ERC-1271 /
 * ERC-6492 verification, `disabledDelegations`, and USDC moved by redeeming a mandate through the DelegationManager.
 */
const modelFor = (s: Scenario) =>
  s.model === 'none' ? null : s.model === 'throwing' ? throwingModel() : scriptedModel(s.model);

for (const [suite, scenarios] of [
  ['seed 001 §5', SEED_SCENARIOS],
  ['authority ladder and doors', LADDER_SCENARIOS],
] as const) {
  describe(`${suite} (real vault and embedded chain)`, () => {
    for (const scenario of scenarios) {
      it(`${scenario.id} ${scenario.title}`, async () => {
        const world = await realWorld({
          model: modelFor(scenario),
          ...(scenario.settings !== undefined ? { settings: scenario.settings } : {}),
        });
        await scenario.run(world, expect);
      }, 60_000);
    }
  });
}
