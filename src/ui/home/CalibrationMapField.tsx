import type { ChangeEvent } from 'react';
import type { SettingsPatch } from '../../protocol/messages/home';
import type { SettingsView } from '../../protocol/messages/home-replies';
import { count } from '../words/format';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';

/**
 * The skill judge's calibration map: a file `npm run calibrate` wrote, imported at once (the background checks it
 * against its digest and refuses it in words otherwise) and shown by its digest. It applies only with a model key.
 */
export function CalibrationMapField({
  view,
  onSaved,
}: {
  view: SettingsView['calibration'];
  onSaved: (next: SettingsView) => void;
}) {
  const save = useAction();
  // The file's JSON goes to the background as read: its checks (shape, digest) are the ones that count.
  const store = async (calibration: unknown) => {
    const next = await save.run({
      type: 'home.settings.set',
      patch: { calibration: calibration as SettingsPatch['calibration'] },
    });
    if (next !== undefined) onSaved(next);
  };
  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      return save.setError({
        code: 'CALIBRATION_MAP_INVALID',
        message: message('calibrationNotJson'),
      });
    }
    await store(json);
  };
  return (
    <fieldset>
      <legend>{message('calibrationLegend')}</legend>
      <p>
        {view === null
          ? message('calibrationNone')
          : message(
              'calibrationShown',
              view.digest.slice(0, 10),
              new Intl.NumberFormat().format(view.alpha),
              count(view.runs, message('calibrationRunOne'), message('calibrationRunMany')),
            )}
      </p>
      <label>
        {message('calibrationImport')}{' '}
        <input type="file" accept="application/json,.json" disabled={save.busy} onChange={(e) => void chosen(e)} />
      </label>
      {view !== null ? (
        <button type="button" disabled={save.busy} onClick={() => void store(null)}>
          {message('calibrationRemove')}
        </button>
      ) : null}
      <ErrorText error={save.error} />
    </fieldset>
  );
}
