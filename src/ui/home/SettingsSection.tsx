import { useEffect, useState, type FormEvent } from 'react';
import type { SettingsPatch } from '../../protocol/messages/home';
import type { SettingsView } from '../../protocol/messages/home-replies';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { CalibrationMapField } from './CalibrationMapField';
import { Field } from './Field';
import { useLoad } from './use-load';

type Form = {
  threshold: string;
  apiKey: string;
  baseUrl: string;
  light: string;
  compose: string;
  judgeProfile: 'fast' | 'thorough';
  asksPerDay: string;
  chainMode: 'embedded' | 'rpc';
  rpcUrl: string;
  gateway: string;
  autoLock: string;
};

const formOf = (v: SettingsView): Form => ({
  threshold: v.paymentsHighRiskAboveUsdc,
  apiKey: '',
  baseUrl: v.modelBaseUrl ?? '',
  light: v.lightModel,
  compose: v.composeModel,
  judgeProfile: v.judgeProfile,
  asksPerDay: String(v.budgetAsksPerDay),
  chainMode: v.chainMode,
  rpcUrl: v.chainRpcUrl ?? '',
  gateway: v.gatewayUrl,
  autoLock: String(v.autoLockMinutes),
});

/** The patch for what changed; the model key only when typed (it is never shown back). */
function patchOf(form: Form, was: SettingsView): SettingsPatch {
  const patch: SettingsPatch = {};
  if (form.threshold !== was.paymentsHighRiskAboveUsdc) patch.paymentsHighRiskAboveUsdc = form.threshold;
  if (form.apiKey.trim() !== '') patch.modelApiKey = form.apiKey.trim();
  if (form.baseUrl !== (was.modelBaseUrl ?? '')) patch.modelBaseUrl = form.baseUrl === '' ? null : form.baseUrl;
  if (form.light !== was.lightModel) patch.lightModel = form.light;
  if (form.compose !== was.composeModel) patch.composeModel = form.compose;
  if (form.judgeProfile !== was.judgeProfile) patch.judgeProfile = form.judgeProfile;
  if (form.asksPerDay !== String(was.budgetAsksPerDay)) patch.budgetAsksPerDay = Number(form.asksPerDay);
  if (form.chainMode !== was.chainMode) patch.chainMode = form.chainMode;
  if (form.rpcUrl !== (was.chainRpcUrl ?? '')) patch.chainRpcUrl = form.rpcUrl === '' ? null : form.rpcUrl;
  if (form.gateway !== was.gatewayUrl) patch.gatewayUrl = form.gateway;
  if (form.autoLock !== String(was.autoLockMinutes)) patch.autoLockMinutes = Number(form.autoLock);
  return patch;
}

/**
 * Settings: the payment threshold, the model, the chain, the gateway, the auto-lock. A URL on a host Home Agent may
 * not reach yet is asked for first (the browser's own permission prompt, from this click); the background saves it
 * only if the browser granted it (DESIGN §10: no request to an endpoint the person did not configure).
 */
export function SettingsSection({ requestOrigins }: { requestOrigins: (origins: string[]) => Promise<boolean> }) {
  const { data, error, setData } = useLoad({ type: 'home.settings.get' });
  const save = useAction();
  const [form, setForm] = useState<Form | undefined>();
  const [saved, setSaved] = useState(false);
  useEffect(() => void (data !== undefined && setForm(formOf(data))), [data]);
  if (form === undefined || data === undefined) return <ErrorText error={error} />;
  const set = (change: Partial<Form>) => {
    setSaved(false);
    setForm({ ...form, ...change });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const patch = patchOf(form, data);
    if (Object.keys(patch).length === 0) return setSaved(true);
    const urls = [patch.modelBaseUrl, patch.chainRpcUrl, patch.gatewayUrl].filter(
      (u): u is string => typeof u === 'string' && URL.canParse(u),
    );
    if (urls.length > 0 && !(await requestOrigins(urls.map((u) => `${new URL(u).origin}/*`)))) {
      return save.setError({
        code: 'PERMISSION_REFUSED',
        message: message('settingsPermissionRefused'),
      });
    }
    const next = await save.run({ type: 'home.settings.set', patch });
    if (next !== undefined) {
      setData(next);
      setSaved(true);
    }
  };
  return (
    <section aria-labelledby="settings-title" className="ha-card">
      <h2 id="settings-title">{message('settingsTitle')}</h2>
      <form onSubmit={(e) => void submit(e)}>
        <Field
          label={message('settingsThreshold')}
          inputMode="decimal"
          value={form.threshold}
          onChange={(e) => set({ threshold: e.target.value })}
        />
        <h3>{message('settingsModelHeading')}</h3>
        <Field
          label={message('settingsApiKey')}
          type="password"
          autoComplete="off"
          value={form.apiKey}
          placeholder={
            data.modelApiKey.set
              ? message('settingsApiKeySet', data.modelApiKey.hint ?? '')
              : message('settingsApiKeyUnset')
          }
          onChange={(e) => set({ apiKey: e.target.value })}
        />
        <Field
          label={message('settingsBaseUrl')}
          type="url"
          value={form.baseUrl}
          onChange={(e) => set({ baseUrl: e.target.value })}
        />
        <Field
          label={message('settingsLightModel')}
          value={form.light}
          onChange={(e) => set({ light: e.target.value })}
        />
        <Field
          label={message('settingsComposeModel')}
          value={form.compose}
          onChange={(e) => set({ compose: e.target.value })}
        />
        <fieldset>
          <legend>{message('settingsJudgeLegend')}</legend>
          <label className="ha-option">
            <input
              type="radio"
              name="judge-profile"
              checked={form.judgeProfile === 'fast'}
              onChange={() => set({ judgeProfile: 'fast' })}
            />{' '}
            {message('settingsJudgeFast')}
          </label>
          <label className="ha-option">
            <input
              type="radio"
              name="judge-profile"
              checked={form.judgeProfile === 'thorough'}
              onChange={() => set({ judgeProfile: 'thorough' })}
            />{' '}
            {message('settingsJudgeThorough')}
          </label>
        </fieldset>
        <CalibrationMapField view={data.calibration} onSaved={setData} />
        <Field
          label={message('settingsAsksPerDay')}
          type="number"
          min={1}
          max={100000}
          value={form.asksPerDay}
          onChange={(e) => set({ asksPerDay: e.target.value })}
        />
        <h3>{message('settingsChainHeading')}</h3>
        <fieldset>
          <legend>{message('settingsChainLegend')}</legend>
          <label className="ha-option">
            <input
              type="radio"
              name="chain"
              checked={form.chainMode === 'embedded'}
              onChange={() => set({ chainMode: 'embedded' })}
            />{' '}
            {message('settingsChainEmbedded')}
          </label>
          <label className="ha-option">
            <input
              type="radio"
              name="chain"
              checked={form.chainMode === 'rpc'}
              onChange={() => set({ chainMode: 'rpc' })}
            />{' '}
            {message('settingsChainRpc')}
          </label>
        </fieldset>
        <Field
          label={message('settingsRpcUrl')}
          type="url"
          value={form.rpcUrl}
          onChange={(e) => set({ rpcUrl: e.target.value })}
        />
        <h3>{message('settingsGatewayHeading')}</h3>
        <Field
          label={message('settingsGatewayUrl')}
          type="url"
          value={form.gateway}
          onChange={(e) => set({ gateway: e.target.value })}
        />
        <h3>{message('settingsLockHeading')}</h3>
        <Field
          label={message('settingsAutoLock')}
          type="number"
          min={1}
          max={1440}
          value={form.autoLock}
          onChange={(e) => set({ autoLock: e.target.value })}
        />
        {data.corrupt.map((c) => (
          <p key={c} className="ha-warning">
            {c}
          </p>
        ))}
        <ErrorText error={save.error} />
        {saved ? <p role="status">{message('settingsSaved')}</p> : null}
        <button type="submit" disabled={save.busy} aria-busy={save.busy}>
          {save.busy ? message('settingsSaving') : message('settingsSave')}
        </button>
      </form>
    </section>
  );
}
