import { useState, type FormEvent } from 'react';
import type { HomeStatus } from '../../protocol/messages/home-replies';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { Field } from './Field';

/** The key's state: unlocked (with Lock now) or locked (with the passphrase to unlock). Locking clears every pending request. */
export function LockBar({ status, onStatus }: { status: HomeStatus; onStatus: (status: HomeStatus) => void }) {
  const [passphrase, setPassphrase] = useState('');
  const [cleared, setCleared] = useState<number | undefined>();
  const lock = useAction();
  const unlock = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = await unlock.run({ type: 'home.unlock', passphrase });
    setPassphrase('');
    if (next !== undefined) onStatus(next);
  };
  const lockNow = async () => {
    const locked = await lock.run({ type: 'home.lock' });
    if (locked !== undefined) {
      setCleared(locked.cleared);
      onStatus({ ...status, unlocked: false });
    }
  };
  return (
    <section aria-labelledby="lock-title" className="ha-card ha-lockbar">
      <h2 id="lock-title">{message('lockTitle')}</h2>
      {status.person === null ? null : (
        <p>
          {message('lockPerson', status.person.label)} <code>{status.person.address}</code>
          {status.demo ? ` ${message('lockDemo')}` : ''}
        </p>
      )}
      {status.unlocked ? (
        <>
          <p>{message('lockUnlocked', String(status.autoLockMinutes))}</p>
          <button type="button" onClick={() => void lockNow()} disabled={lock.busy}>
            {message('lockNow')}
          </button>
          <ErrorText error={lock.error} />
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <p>
            {message('lockLocked')} {cleared === undefined ? '' : message('lockCleared', String(cleared))}
          </p>
          <Field
            label={message('lockPassphrase')}
            type="password"
            autoComplete="current-password"
            required
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
          <ErrorText error={unlock.error} />
          <button type="submit" disabled={unlock.busy} aria-busy={unlock.busy}>
            {unlock.busy ? message('lockUnlocking') : message('lockUnlock')}
          </button>
        </form>
      )}
    </section>
  );
}
