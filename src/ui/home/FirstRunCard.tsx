import { useState } from 'react';
import { message } from '../words/messages';
import { messageNodes } from '../words/message-nodes';

const DISMISSED = 'home-agent.first-run.dismissed';

/** Whether the person has put the first-run card away (kept in this extension's own origin, not the vault). */
function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

/** A keyboard shortcut, key by key: `Alt`+`Shift`+`K`. */
function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <span key={key}>
          {i > 0 ? '+' : null}
          <kbd>{key}</kbd>
        </span>
      ))}
    </>
  );
}

/**
 * The Home's first-run card: what to do next, once a key exists. Three doors to the agent — the toolbar button,
 * the side panel, a page's overlay — each with its shortcut, so nobody has to guess where the conversation is.
 */
export function FirstRunCard({ onOpenPanel }: { onOpenPanel?: () => void }) {
  const [hidden, setHidden] = useState(dismissed);
  if (hidden) return null;
  return (
    <section aria-labelledby="first-run-title" className="ha-card ha-first-run">
      <h2 id="first-run-title">{message('firstRunTitle')}</h2>
      <ul>
        <li>
          {messageNodes(
            'firstRunPanel',
            <strong>{message('firstRunPanelName')}</strong>,
            <Keys keys={['Alt', 'Shift', 'J']} />,
          )}
        </li>
        <li>
          {messageNodes(
            'firstRunToolbar',
            <strong>{message('firstRunToolbarName')}</strong>,
            <Keys keys={['Alt', 'Shift', 'H']} />,
          )}
        </li>
        <li>
          {messageNodes(
            'firstRunPage',
            <strong>{message('firstRunPageName')}</strong>,
            <Keys keys={['Alt', 'Shift', 'K']} />,
          )}
        </li>
      </ul>
      <p className="ha-meta">{message('firstRunTry')}</p>
      <div className="ha-actions">
        {onOpenPanel === undefined ? null : (
          <button type="button" onClick={onOpenPanel}>
            {message('firstRunOpenPanel')}
          </button>
        )}
        <button
          type="button"
          className="ha-secondary"
          onClick={() => {
            localStorage.setItem(DISMISSED, '1');
            setHidden(true);
          }}
        >
          {message('firstRunGotIt')}
        </button>
      </div>
    </section>
  );
}
