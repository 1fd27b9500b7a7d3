import { useState } from 'react';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';

/**
 * Revoke on chain, in two steps: the first press asks, the second revokes. Revocation cannot be undone, and every
 * later use of what was revoked is refused in words.
 */
export function RevokeButton({
  kind,
  hash,
  what,
  onRevoked,
}: {
  kind: 'mandate' | 'wire';
  hash: `0x${string}`;
  what: string;
  onRevoked: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const { busy, error, run } = useAction();
  const revoke = async () => {
    const done = await run({ type: 'home.revoke', kind, hash });
    setAsking(false);
    if (done !== undefined) onRevoked();
  };
  return (
    <span className="ha-revoke">
      {asking ? (
        <>
          <button type="button" disabled={busy} aria-busy={busy} onClick={() => void revoke()}>
            {busy ? message('revokeBusy') : message('revokeYes', what)}
          </button>
          <button type="button" className="ha-secondary" disabled={busy} onClick={() => setAsking(false)}>
            {message('revokeKeep')}
          </button>
        </>
      ) : (
        <button type="button" className="ha-secondary" onClick={() => setAsking(true)}>
          {message('revokeAsk', what)}
        </button>
      )}
      <ErrorText error={error} />
    </span>
  );
}
