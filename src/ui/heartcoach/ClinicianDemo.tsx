import { useState, type FormEvent } from 'react';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { ErrorText, useAction } from '../home/background-context';
import { message } from '../words/messages';

/**
 * A care-team member's demo Home: Dr. Dave Silva (cardiologist) or Dr. Priya Nair (primary-care physician)
 * with their public demo keys, for HeartCoach's care-team desk. Only into an empty Home.
 */
export function ClinicianDemo({ onLoaded }: { onLoaded: (status: HomeStatus) => void }) {
  const [identity, setIdentity] = useState<'dave' | 'priya'>('dave');
  const [passphrase, setPassphrase] = useState('');
  const load = useAction();
  const status = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const loaded = await load.run({ type: 'demo.clinician.load', identity, passphrase });
    setPassphrase('');
    if (loaded === undefined) return;
    const next = await status.run({ type: 'home.status' });
    if (next !== undefined) onLoaded(next);
  };
  return (
    <section aria-labelledby="clinician-title" className="ha-card">
      <h2 id="clinician-title">{message('clinicianTitle')}</h2>
      <p>{message('clinicianIntro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>{message('clinicianWho')}</legend>
          <label className="ha-option">
            <input type="radio" name="clinician" checked={identity === 'dave'} onChange={() => setIdentity('dave')} />{' '}
            {message('clinicianDave')}
          </label>
          <label className="ha-option">
            <input type="radio" name="clinician" checked={identity === 'priya'} onChange={() => setIdentity('priya')} />{' '}
            {message('clinicianPriya')}
          </label>
        </fieldset>
        <label htmlFor="clinician-passphrase">{message('clinicianPassphrase')}</label>
        <input
          id="clinician-passphrase"
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
        <button type="submit" disabled={load.busy || passphrase.length < 10} aria-busy={load.busy}>
          {message('clinicianLoad')}
        </button>
      </form>
      <ErrorText error={load.error ?? status.error} />
    </section>
  );
}
