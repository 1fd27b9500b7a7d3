import { describe, expect, it } from 'vitest';
import { FITTED_CALIBRATION_MAP } from '../agent/testing/fitted-calibration-map';
import type { AnthropicModel } from '../adapters/model/anthropic-model';
import { FixedClock } from '../harness/testing';
import { createKeyring } from '../vault/keys/keyring';
import { memorySessionKeyStore } from '../vault/keys/session-keys';
import { TEST_KDF } from '../vault/testing/open';
import { openDemoHome } from '../agent/testing/demo-home';
import { createWorkerAgent } from './worker-agent';

/** The person's settings as the worker's agent is built from them: the two model tiers by name, and the judge's profile. */
async function workerOn(settings: (vault: Awaited<ReturnType<typeof openDemoHome>>['vault']) => Promise<void>) {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock);
  await settings(parts.vault);
  const keyring = createKeyring({ keys: parts.vault.keys, session: memorySessionKeyStore(), clock, kdf: TEST_KDF });
  return createWorkerAgent(async () => ({ vault: parts.vault, keyring, chain: async () => parts.chain })).get();
}

const map = FITTED_CALIBRATION_MAP;

describe('the worker’s agent from the person’s settings', () => {
  it('judges fast and has no model until the person sets a key', async () => {
    const agent = await workerOn(async () => undefined);
    expect(agent.harness.context.settings.judgeProfile).toBe('fast');
    expect(agent.ports.model).toBeNull();
  });

  it('feeds the light tier from model.lightModel and the composing tier from model.composeModel, and judges as set', async () => {
    const agent = await workerOn(async (vault) => {
      await vault.settings.set('model.apiKey', 'sk-ant-settings-test-0123');
      await vault.settings.set('model.baseUrl', 'http://127.0.0.1:9');
      await vault.settings.set('model.lightModel', 'claude-haiku-4-5-20251001');
      await vault.settings.set('model.composeModel', 'claude-opus-4-5');
      await vault.settings.set('model.judgeProfile', 'thorough');
    });
    expect(agent.harness.context.settings.judgeProfile).toBe('thorough');
    const model = agent.ports.model as AnthropicModel;
    expect(model.config).toMatchObject({
      lightModel: 'claude-haiku-4-5-20251001',
      composeModel: 'claude-opus-4-5',
      baseURL: 'http://127.0.0.1:9',
    });
  });

  it('calibrates the judge with the imported map once a model key is set, and refuses an edited map in words', async () => {
    const unjudged = await workerOn((vault) => vault.settings.set('model.calibration', map));
    expect(unjudged.harness.context.settings.calibration).toBeNull();
    const agent = await workerOn(async (vault) => {
      await vault.settings.set('model.apiKey', 'sk-ant-settings-test-0123');
      await vault.settings.set('model.calibration', map);
      await expect(vault.settings.set('model.calibration', { ...map, qHat: 0.9 })).rejects.toThrow(
        /"model.calibration" must be a map unedited since it was fitted/,
      );
      await expect(vault.settings.set('model.calibration', { ...map, temperature: -1 })).rejects.toThrow(
        /must be a map `npm run calibrate` writes/,
      );
    });
    expect(agent.harness.context.settings.calibration).toEqual({ digest: map.digest, temperature: 1.3, qHat: 0.5 });
  });
});
