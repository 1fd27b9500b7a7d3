import { createAnthropicModel } from '../adapters/model/anthropic-model';
import { modelConfigFromSettings } from '../adapters/model/config';
import type { ModelPort, HarnessSettings } from '../harness';
import { loadCalibrationMap } from '../protocol/calibration-map';
import type { Vault } from '../vault/vault';

/**
 * What the person's settings in the vault make of the worker's agent: the model (the Anthropic adapter when they set
 * a key; none otherwise — compiled shapes and the rule-based planner) with its two tiers by their names, and the
 * harness's own choices the person may make (the judge's profile). Read each time the agent is built, so a
 * settings change (which rebuilds it) takes effect on the next ask.
 */
export async function modelOf(vault: Vault): Promise<ModelPort | null> {
  const config = modelConfigFromSettings({
    apiKey: await vault.settings.get('model.apiKey'),
    baseUrl: await vault.settings.get('model.baseUrl'),
    lightModel: await vault.settings.get('model.lightModel'),
    composeModel: await vault.settings.get('model.composeModel'),
  });
  return config === null ? null : createAnthropicModel(config);
}

/** The calibration map is the judge's, so it applies only when the person set a model key (else nothing judges). */
export async function harnessSettingsOf(vault: Vault): Promise<Partial<HarnessSettings>> {
  const map = await vault.settings.get('model.calibration');
  const judged = (await vault.settings.get('model.apiKey')) !== null;
  return {
    judgeProfile: await vault.settings.get('model.judgeProfile'),
    ...(map !== null && judged ? { calibration: loadCalibrationMap(map) } : {}),
  };
}
