import { HomeError } from '../protocol/errors';
import type { SettingsPatch } from '../protocol/messages/home';
import type { SettingsView } from '../protocol/messages/home-replies';
import type { SettingKey, SettingValue } from '../vault/repositories/settings';
import type { Vault } from '../vault/vault';
import type { HomeServices } from './services';

/** Which vault setting each field of the Home's form writes. */
const FIELDS = {
  paymentsHighRiskAboveUsdc: 'payments.highRiskAboveUsdc',
  modelApiKey: 'model.apiKey',
  modelBaseUrl: 'model.baseUrl',
  lightModel: 'model.lightModel',
  composeModel: 'model.composeModel',
  judgeProfile: 'model.judgeProfile',
  calibration: 'model.calibration',
  budgetAsksPerDay: 'budget.asksPerDay',
  chainMode: 'chain.mode',
  chainRpcUrl: 'chain.rpcUrl',
  gatewayUrl: 'gateway.url',
  autoLockMinutes: 'lock.autoLockMinutes',
} as const satisfies Record<keyof SettingsPatch, SettingKey>;

/** The settings as the Home shows them: the model key is never sent back, only whether it is set and its last four characters. */
export async function settingsView(vault: Vault): Promise<SettingsView> {
  const { values, corrupt } = await vault.settings.all();
  const key = values['model.apiKey'];
  const map = values['model.calibration'];
  return {
    paymentsHighRiskAboveUsdc: values['payments.highRiskAboveUsdc'],
    modelApiKey: { set: key !== null, hint: key === null ? null : key.slice(-4) },
    modelBaseUrl: values['model.baseUrl'],
    lightModel: values['model.lightModel'],
    composeModel: values['model.composeModel'],
    judgeProfile: values['model.judgeProfile'],
    calibration:
      map === null ? null : { digest: map.digest as `0x${string}`, alpha: map.alpha, runs: map.fittedOn.runs },
    budgetAsksPerDay: values['budget.asksPerDay'],
    chainMode: values['chain.mode'],
    chainRpcUrl: values['chain.rpcUrl'],
    gatewayUrl: values['gateway.url'],
    autoLockMinutes: values['lock.autoLockMinutes'],
    corrupt: corrupt.map((row) => row.message),
  };
}

/**
 * The endpoints a patch would make Home Agent call. DESIGN §10: any origin beyond the ones granted at install is an
 * optional host permission the person grants in the options page; the background checks it was granted before it
 * saves the URL, so a setting can never point the agent at a host the browser will not let it reach.
 */
function endpointsOf(patch: SettingsPatch): string[] {
  return [patch.modelBaseUrl, patch.chainRpcUrl, patch.gatewayUrl]
    .filter((url): url is string => typeof url === 'string')
    .map((url) => new URL(url).origin);
}

async function applyPatch(services: HomeServices, patch: SettingsPatch): Promise<void> {
  for (const origin of endpointsOf(patch)) {
    if (!(await services.canReach(origin))) {
      throw new HomeError(
        'PERMISSION_NEEDED',
        `Home Agent may not reach ${origin} yet. Allow it when your browser asks, then save again. Nothing was changed.`,
      );
    }
  }
  const mode = patch.chainMode;
  const rpcUrl =
    patch.chainRpcUrl !== undefined ? patch.chainRpcUrl : await services.vault.settings.get('chain.rpcUrl');
  if (mode === 'rpc' && rpcUrl === null)
    throw new HomeError('RPC_URL_NEEDED', 'To use your own chain, give its RPC URL. Nothing was changed.');
  // Validate everything before writing anything, so a bad field leaves every setting as it was.
  const writes = Object.entries(patch).map(([field, value]) => [FIELDS[field as keyof SettingsPatch], value] as const);
  await services.vault.db.transaction('rw', services.vault.db.settings, async () => {
    for (const [key, value] of writes) await services.vault.settings.set(key, value as SettingValue<typeof key>);
  });
}

/** Applies a settings patch (all or nothing), tells the composition root, and returns the settings as now stored. */
export async function changeSettings(services: HomeServices, patch: SettingsPatch): Promise<SettingsView> {
  await applyPatch(services, patch);
  await services.reload('settings');
  return settingsView(services.vault);
}
