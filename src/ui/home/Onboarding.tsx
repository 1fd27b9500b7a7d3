import { useState, type FormEvent } from 'react';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { Field, NewPassphraseFields, passphraseProblem } from './Field';

type Backup = { fileName: string; text: string; status: HomeStatus };
type Mode = 'create' | 'import' | 'demo';

/** `npm start` opens the Home with `?start=demo`: the demo profile is offered first; the person still chooses. */
function initialMode(search: string): Mode {
  return new URLSearchParams(search).get('start') === 'demo' ? 'demo' : 'create';
}

/**
 * Onboarding from an empty profile: create a key, import one, or load the demo profile. A new or imported key is
 * sealed under the passphrase in the background worker; what comes back is its sealed backup, never the key.
 */
export function Onboarding({
  onKey,
  onDemo,
}: {
  onKey: (backup: Backup) => void;
  onDemo: (status: HomeStatus) => void;
}) {
  const [mode, setMode] = useState<Mode>(() => initialMode(globalThis.location?.search ?? ''));
  const [name, setName] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [pass, setPass] = useState({ value: '', again: '' });
  const [problem, setProblem] = useState<string | undefined>();
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = passphraseProblem(pass.value, pass.again);
    setProblem(wrong);
    if (wrong !== undefined) return;
    if (mode === 'demo') {
      const loaded = await run({ type: 'home.demo.load', passphrase: pass.value });
      if (loaded !== undefined) onDemo(loaded.status);
      return;
    }
    const backup =
      mode === 'create'
        ? await run({ type: 'home.key.create', name, passphrase: pass.value })
        : await run({ type: 'home.key.import', name, passphrase: pass.value, privateKey });
    if (backup !== undefined) onKey(backup);
  };

  return (
    <section aria-labelledby="onboarding-title" className="ha-card">
      <h2 id="onboarding-title">{message('onboardingTitle')}</h2>
      <p>{message('onboardingIntro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>{message('onboardingHowStart')}</legend>
          <label className="ha-option">
            <input type="radio" name="mode" checked={mode === 'create'} onChange={() => setMode('create')} />{' '}
            {message('onboardingModeCreate')}
          </label>
          <label className="ha-option">
            <input type="radio" name="mode" checked={mode === 'import'} onChange={() => setMode('import')} />{' '}
            {message('onboardingModeImport')}
          </label>
          <label className="ha-option">
            <input type="radio" name="mode" checked={mode === 'demo'} onChange={() => setMode('demo')} />{' '}
            {message('onboardingModeDemo')}
          </label>
        </fieldset>
        {mode === 'demo' ? (
          <p className="ha-warning">{message('onboardingDemoWarning')}</p>
        ) : (
          <Field
            label={message('onboardingName')}
            required
            maxLength={120}
            value={name}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
          />
        )}
        {mode === 'import' ? (
          <Field
            label={message('onboardingPrivateKey')}
            type="password"
            required
            autoComplete="off"
            spellCheck={false}
            value={privateKey}
            hint={message('onboardingPrivateKeyHint')}
            onChange={(e) => setPrivateKey(e.target.value)}
          />
        ) : null}
        <NewPassphraseFields
          value={pass.value}
          again={pass.again}
          onChange={(value, again) => setPass({ value, again })}
        />
        {problem === undefined ? null : (
          <p role="alert" className="ha-error">
            {problem}
          </p>
        )}
        <ErrorText error={error} />
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy
            ? message('onboardingSealing')
            : mode === 'demo'
              ? message('onboardingLoadDemo')
              : mode === 'create'
                ? message('onboardingCreate')
                : message('onboardingImport')}
        </button>
      </form>
    </section>
  );
}
