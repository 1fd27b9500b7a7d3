import { useEffect, useState, type FormEvent } from 'react';
import type { CabinetFolderName, WireReadKind } from '../../protocol/delegation';
import type { Result, WireError } from '../../protocol/errors';
import type { ExtensionRequest, ExtensionRequestType, ReplyOf } from '../../protocol/messages/index';
import type { ConsentView } from '../../protocol/messages/heartcoach';
import { FOLDER_WORDS, KIND_WORDS } from './folders';
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
    if (approve && !trusted)
      return setError({ code: 'NOT_A_GESTURE', message: 'Nothing was signed: only you can press Sign.' });
    setBusy(true);
    keepalive.busy.current = true;
    setError(undefined);
    const result = await request({
      type: 'consent.decide',
      id,
      approve,
      ...(approve ? { folders, kinds } : { reason: 'you declined in Home Agent' }),
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
          <p role="status">Reading the request…</p>
        ) : (
          <p role="alert" className="ha-error">
            {error.message}
          </p>
        )}
      </main>
    );
  const title =
    view.kind === 'grant'
      ? `Let ${view.agent.name} ask your agent`
      : view.folders !== null
        ? `Connect ${view.agent.name}`
        : `Sign in to ${view.agent.name}`;
  return (
    <main className="ha-sheet" aria-labelledby="consent-title">
      <h1 id="consent-title">{title}</h1>
      <p>
        Asked by the page at <strong>{view.origin}</strong>.
      </p>
      <section className="ha-card" aria-labelledby="agent-title">
        <h2 id="agent-title">{view.agent.name}’s agent</h2>
        <p>
          Address <code className="ha-digest">{view.agent.address}</code>
        </p>
        <p>
          Agent card digest <code className="ha-digest">{view.agent.cardDigest}</code> — pinned from now on: a different
          card is refused.
        </p>
        {view.cardChanged ? (
          <p role="alert" className="ha-warning">
            This agent card is not the one you connected to before. Sign only if you expected it to change.
          </p>
        ) : null}
      </section>
      {view.signIn !== null ? (
        <p>
          You sign in to <strong>{view.signIn.domain}</strong> as {view.person.name} (<code>{view.person.address}</code>
          ).
        </p>
      ) : null}
      {view.folders !== null ? (
        <fieldset className="ha-card">
          <legend>Folders of your cabinet {view.agent.name} may read when you ask it something</legend>
          {view.folders.requested.map((folder) => (
            <label key={folder} className="ha-option">
              <input type="checkbox" checked={folders.includes(folder)} onChange={() => toggle(folder)} />{' '}
              {FOLDER_WORDS[folder].label}
              <span className="ha-meta"> — {FOLDER_WORDS[folder].holds}</span>
            </label>
          ))}
          <p className="ha-meta">
            Nothing else leaves your Home. You can take folders back, or the whole grant, in your Home’s options.
          </p>
        </fieldset>
      ) : null}
      {view.wire !== null ? (
        <section className="ha-card" aria-labelledby="wire-title">
          <h2 id="wire-title">What it may do</h2>
          <p>
            It may <strong>ask</strong> your agent as you: your agent answers what you could read yourself.
          </p>
          <p>
            It may <strong>never act</strong>: anything your agent would do waits for you to sign here, in Home Agent.
          </p>
          <p>
            Until {view.wire.expiresAt.slice(0, 10)}. You can revoke it on chain at any time in your Home’s options.
          </p>
          <fieldset className="ha-card" aria-label="What your agent may answer it from">
            <legend>What your agent may answer {view.agent.name} from</legend>
            {view.wire.read.folders.map((folder) => (
              <label key={folder} className="ha-option">
                <input type="checkbox" checked={folders.includes(folder)} onChange={() => toggle(folder)} />{' '}
                {FOLDER_WORDS[folder].label}
                <span className="ha-meta"> — {FOLDER_WORDS[folder].holds}</span>
              </label>
            ))}
            {view.wire.read.kinds.map((kind) => (
              <label key={kind} className="ha-option">
                <input type="checkbox" checked={kinds.includes(kind)} onChange={() => toggleKind(kind)} />{' '}
                {KIND_WORDS[kind].label}
                <span className="ha-meta"> — {KIND_WORDS[kind].holds}</span>
              </label>
            ))}
            <p className="ha-meta">
              Anything not ticked is refused to it in words; your keys never. This is signed inside the grant.
            </p>
          </fieldset>
        </section>
      ) : null}
      {view.locked && keepalive.lost === undefined ? (
        <form onSubmit={(e) => void unlock(e)} className="ha-card">
          <label htmlFor="consent-passphrase">Your Home is locked: your passphrase</label>
          <input
            id="consent-passphrase"
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
          <button type="submit">Unlock</button>
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
              Close
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
            Sign
          </button>
          <button
            type="button"
            className="ha-secondary"
            onClick={(e) => void decide(false, e.nativeEvent.isTrusted)}
            disabled={busy}
          >
            Decline
          </button>
        </div>
      )}
    </main>
  );
}
