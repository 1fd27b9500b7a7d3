import { useEffect, useState, type FormEvent } from 'react';
import type { CabinetFolderName, WireReadKind } from '../../protocol/delegation';
import type { Result, WireError } from '../../protocol/errors';
import type { ExtensionRequest, ExtensionRequestType, ReplyOf } from '../../protocol/messages/index';
import type { ConsentView } from '../../protocol/messages/heartcoach';
import { message } from '../words/messages';
import { ConsentDetails } from './ConsentDetails';
import { lostWords, useConsentKeepalive, type ConsentHold } from './useConsentKeepalive';

export type ConsentRequest = <T extends ExtensionRequestType>(
  message: Extract<ExtensionRequest, { type: T }>,
) => Promise<Result<ReplyOf<T>>>;

/**
 * The consent window: one request from an app's page, resolved by its id. It says who asks (the page's
 * origin), which agent would receive what (the agent's address and its card's digest, pinned from then on), the
 * sign-in, the folders with a checkbox each — or, for a wire, that the app may ask as you and never act, and until
 * when. Nothing is signed until the person presses Sign; Decline signs nothing. While it waits, the window keeps the
 * worker that holds the request awake, and if the worker restarted anyway it says so in words.
 */
export function ConsentApp({
  request,
  id,
  close,
  hold,
}: {
  request: ConsentRequest;
  id: string;
  close: () => void;
  hold: ConsentHold;
}) {
  const [view, setView] = useState<ConsentView | undefined>();
  const [error, setError] = useState<WireError | undefined>();
  const [folders, setFolders] = useState<CabinetFolderName[]>([]);
  const [kinds, setKinds] = useState<WireReadKind[]>([]);
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const keepalive = useConsentKeepalive({
    hold,
    request,
    id,
    active: view !== undefined && done === undefined,
    // Ended elsewhere (the Home locked, the time limit): what it did, in the window the person is reading.
    ended: (notice) => setDone((current) => current ?? notice.summary),
    failed: setError,
  });

  const load = async () => {
    const got = await request({ type: 'consent.get', id });
    if (!got.ok) return setError(got.error);
    setView(got.data);
    setFolders((current) =>
      current.length > 0 ? current : (got.data.folders?.requested ?? got.data.wire?.read.folders ?? []),
    );
  };
  // Read once per request id; the request is resolved by its id, never by anything the window is told later.
  useEffect(() => void load(), [id]);

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    const result = await request({ type: 'home.unlock', passphrase });
    setPassphrase('');
    if (!result.ok) return setError(result.error);
    setError(undefined);
    await load();
  };
  const decide = async (approve: boolean, trusted: boolean) => {
    // Signing needs the person's own gesture: a click a script made signs nothing (Rabby: a broadcast is never consent).
    if (approve && !trusted) return setError({ code: 'NOT_A_GESTURE', message: message('consentNotAGesture') });
    setBusy(true);
    keepalive.busy.current = true;
    setError(undefined);
    const result = await request({
      type: 'consent.decide',
      id,
      approve,
      ...(approve ? { folders, kinds } : { reason: message('consentDeclinedReason') }),
    });
    keepalive.busy.current = false;
    setBusy(false);
    // No answer at all: the worker carrying out the answer went away with it.
    if (!result.ok && result.error.code === 'NO_ANSWER') return keepalive.markLost('working');
    if (!result.ok) return setError(result.error);
    setDone(result.data.summary);
    if (!result.data.ok && result.data.error !== undefined) setError(result.data.error);
    if (result.data.ok) setTimeout(close, 1500);
  };
  const toggle = (folder: CabinetFolderName) =>
    setFolders((f) => (f.includes(folder) ? f.filter((x) => x !== folder) : [...f, folder]));
  const toggleKind = (kind: WireReadKind) =>
    setKinds((k) => (k.includes(kind) ? k.filter((x) => x !== kind) : [...k, kind]));

  if (view === undefined)
    return (
      <main className="ha-sheet">
        {error === undefined ? (
          <p role="status">{message('consentReading')}</p>
        ) : (
          <p role="alert" className="ha-error">
            {error.message}
          </p>
        )}
      </main>
    );
  return (
    <main className="ha-sheet" aria-labelledby="consent-title">
      <ConsentDetails view={view} folders={folders} kinds={kinds} onFolder={toggle} onKind={toggleKind} />
      {view.locked && keepalive.lost === undefined ? (
        <form onSubmit={(e) => void unlock(e)} className="ha-card">
          <label htmlFor="consent-passphrase">{message('consentLocked')}</label>
          <input
            id="consent-passphrase"
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
          <button type="submit">{message('consentUnlock')}</button>
        </form>
      ) : null}
      {error !== undefined && keepalive.lost === undefined ? (
        <p role="alert" className="ha-error">
          {error.message}
        </p>
      ) : null}
      {keepalive.lost !== undefined ? (
        <>
          <p role="alert" className="ha-error" id="consent-lost">
            {lostWords(view, keepalive.lost)}
          </p>
          <div className="ha-actions">
            <button type="button" className="ha-secondary" onClick={close}>
              {message('consentClose')}
            </button>
          </div>
        </>
      ) : done !== undefined ? (
        <p role="status">{done}</p>
      ) : (
        <div className="ha-actions">
          <button
            type="button"
            onClick={(e) => void decide(true, e.nativeEvent.isTrusted)}
            disabled={busy || view.locked}
          >
            {message('consentSign')}
          </button>
          <button
            type="button"
            className="ha-secondary"
            onClick={(e) => void decide(false, e.nativeEvent.isTrusted)}
            disabled={busy}
          >
            {message('consentDecline')}
          </button>
        </div>
      )}
    </main>
  );
}
