import { useState } from 'react';
import { message } from '../words/messages';

const DISMISSED = 'home-agent.first-run.dismissed';

/** Whether the person has put the first-run card away (kept in this extension's own origin, not the vault). */
function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
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
          <strong>The side panel</strong> holds the conversation: open it from Chrome’s side panel menu, or press{' '}
          <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>J</kbd>.
        </li>
        <li>
          <strong>The toolbar button</strong> (pin Home Agent from the puzzle-piece menu) opens the requests waiting for
          your signature; its badge counts them. Shortcut: <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>H</kbd>.
        </li>
        <li>
          <strong>On any page</strong>, press <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>K</kbd> (or right-click selected
          text) to ask about what you are reading.
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
