import { describe, expect, it } from 'vitest';
import { REGRESSION_SCENARIOS, type Scenario, scriptedModel } from '../harness/testing';
import { realWorld } from './testing/real-world';

/**
 * Plan regression over real parts — the composition root on the Dexie vault (fake-indexeddb) and the embedded EVM:
 * the very scenarios the in-memory world runs (src/harness/plan/regression-run.test.ts). An outcome-only thank-you
 * is asked for the gift it needs, the checkpoint keeps the plan, and the person's answer resumes it.
 */
const modelFor = (s: Scenario) => (s.model === 'none' || s.model === 'throwing' ? null : scriptedModel(s.model));

describe('plan regression (real vault and embedded chain)', () => {
  for (const scenario of REGRESSION_SCENARIOS) {
    it(`${scenario.id} ${scenario.title}`, async () => {
      const world = await realWorld({
        model: modelFor(scenario),
        ...(scenario.settings !== undefined ? { settings: scenario.settings } : {}),
      });
      await scenario.run(world, expect);
    }, 60_000);
  }
});
