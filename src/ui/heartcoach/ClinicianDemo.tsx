import { useState, type FormEvent } from 'react';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { ErrorText, useAction } from '../home/background-context';

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
      <h2 id="clinician-title">Or a care-team demo profile</h2>
      <p>
        A clinician’s Home for HeartCoach’s care-team desk, with public demo keys (never hold anything of value under
        them).
      </p>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>Who</legend>
          <label className="ha-option">
            <input type="radio" name="clinician" checked={identity === 'dave'} onChange={() => setIdentity('dave')} />{' '}
            Dr. Dave Silva, cardiologist
          </label>
          <label className="ha-option">
            <input type="radio" name="clinician" checked={identity === 'priya'} onChange={() => setIdentity('priya')} />{' '}
            Dr. Priya Nair, primary-care physician
          </label>
        </fieldset>
        <label htmlFor="clinician-passphrase">Passphrase (at least 10 characters)</label>
        <input
          id="clinician-passphrase"
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
        <button type="submit" disabled={load.busy || passphrase.length < 10} aria-busy={load.busy}>
          Load the care-team demo profile
        </button>
      </form>
      <ErrorText error={load.error ?? status.error} />
    </section>
  );
}
