import type { CabinetFolderName, WireReadKind } from '../../protocol/delegation';
import type { ConsentView } from '../../protocol/messages/heartcoach';
import { message } from '../words/messages';
import { messageNodes } from '../words/message-nodes';
import { FOLDER_WORDS, KIND_WORDS } from './folders';

/**
 * What the consent window asks the person to sign, in words: its title, who asks, the agent and its pinned card, the
 * sign-in, the folders (and, for a wire, what it may do and answer from) with a checkbox each.
 */
export function ConsentDetails({
  view,
  folders,
  kinds,
  onFolder,
  onKind,
}: {
  view: ConsentView;
  folders: readonly CabinetFolderName[];
  kinds: readonly WireReadKind[];
  onFolder: (folder: CabinetFolderName) => void;
  onKind: (kind: WireReadKind) => void;
}) {
  const title =
    view.kind === 'grant'
      ? message('consentTitleGrant', view.agent.name)
      : view.folders !== null
        ? message('consentTitleConnect', view.agent.name)
        : message('consentTitleSignIn', view.agent.name);
  return (
    <>
      <h1 id="consent-title">{title}</h1>
      <p>{messageNodes('consentAskedBy', <strong>{view.origin}</strong>)}</p>
      <section className="ha-card" aria-labelledby="agent-title">
        <h2 id="agent-title">{message('consentAgent', view.agent.name)}</h2>
        <p>{messageNodes('consentAddress', <code className="ha-digest">{view.agent.address}</code>)}</p>
        <p>{messageNodes('consentCardDigest', <code className="ha-digest">{view.agent.cardDigest}</code>)}</p>
        {view.cardChanged ? (
          <p role="alert" className="ha-warning">
            {message('consentCardChanged')}
          </p>
        ) : null}
      </section>
      {view.signIn !== null ? (
        <p>
          {messageNodes(
            'consentSignIn',
            <strong>{view.signIn.domain}</strong>,
            view.person.name,
            <code>{view.person.address}</code>,
          )}
        </p>
      ) : null}
      {view.folders !== null ? (
        <fieldset className="ha-card">
          <legend>{message('consentFolders', view.agent.name)}</legend>
          {view.folders.requested.map((folder) => (
            <label key={folder} className="ha-option">
              <input type="checkbox" checked={folders.includes(folder)} onChange={() => onFolder(folder)} />{' '}
              {FOLDER_WORDS[folder].label}
              <span className="ha-meta"> — {FOLDER_WORDS[folder].holds}</span>
            </label>
          ))}
          <p className="ha-meta">{message('consentNothingElse')}</p>
        </fieldset>
      ) : null}
      {view.wire !== null ? (
        <section className="ha-card" aria-labelledby="wire-title">
          <h2 id="wire-title">{message('consentWireTitle')}</h2>
          <p>{messageNodes('consentWireAsk', <strong>{message('consentWireAskWord')}</strong>)}</p>
          <p>{messageNodes('consentWireNever', <strong>{message('consentWireNeverWord')}</strong>)}</p>
          <p>{message('consentWireUntil', view.wire.expiresAt.slice(0, 10))}</p>
          <fieldset className="ha-card" aria-label={message('consentWireFromLabel')}>
            <legend>{message('consentWireFrom', view.agent.name)}</legend>
            {view.wire.read.folders.map((folder) => (
              <label key={folder} className="ha-option">
                <input type="checkbox" checked={folders.includes(folder)} onChange={() => onFolder(folder)} />{' '}
                {FOLDER_WORDS[folder].label}
                <span className="ha-meta"> — {FOLDER_WORDS[folder].holds}</span>
              </label>
            ))}
            {view.wire.read.kinds.map((kind) => (
              <label key={kind} className="ha-option">
                <input type="checkbox" checked={kinds.includes(kind)} onChange={() => onKind(kind)} />{' '}
                {KIND_WORDS[kind].label}
                <span className="ha-meta"> — {KIND_WORDS[kind].holds}</span>
              </label>
            ))}
            <p className="ha-meta">{message('consentWireRefused')}</p>
          </fieldset>
        </section>
      ) : null}
    </>
  );
}
