import { useState } from 'react';
import type { Result, WireError } from '../protocol/errors';
import type { AskResponse, HarnessReply } from '../protocol/harness-reply';
import type { Material } from '../protocol/messages';
import { AskForm } from './conversation/AskForm';
import { QuotedMaterial } from './QuotedMaterial';

/** What the overlay says of a reply: only its kind — the reply itself is read in the side panel. */
const KIND_WORDS: Record<HarnessReply['kind'], string> = {
  answer: 'Your agent answered.',
  authority_required: 'Your agent needs your signature for this.',
  prompt: 'Your agent has a question for you.',
  waiting: 'Your agent is waiting on another agent.',
  done: 'Done.',
  refused: 'Your agent did not do this.',
};

type Turn = { words: string; state: 'asking' } | { words: string; state: 'replied'; kind: HarnessReply['kind'] } | { words: string; state: 'error'; error: WireError };

/**
 * The in-page overlay: the quoted selection, the Ask box, and the person's words. Decision (issue 6, T1's note): the
 * overlay lives in an OPEN shadow root, so the page can read everything it shows. Replies are built from the
 * person's vault (contacts, records, amounts, receipts, a refusal naming a person), so the overlay never renders
 * them: it says what kind of reply came and hands it to the side panel, an extension page no web page can read.
 * The page's own selection is shown, as quoted material, because the page already holds it.
 */
export function OverlayPanel(props: {
  material: Material | undefined;
  ask: (words: string, material: Material | undefined) => Promise<Result<AskResponse>>;
  openSidePanel: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [untrusted, setUntrusted] = useState(false);
  const [panel, setPanel] = useState<'closed' | 'opened' | 'refused'>('closed');
  const busy = turns.some((t) => t.state === 'asking');
  const ask = async (words: string) => {
    setUntrusted(false);
    const index = turns.length;
    setTurns((all) => [...all, { words, state: 'asking' }]);
    const result = await props.ask(words, props.material);
    const turn: Turn = result.ok ? { words, state: 'replied', kind: result.data.reply.kind } : { words, state: 'error', error: result.error };
    setTurns((all) => all.map((t, i) => (i === index ? turn : t)));
  };
  return (
    <aside className="ha-overlay" role="dialog" aria-label="Ask Home Agent">
      <header>
        <strong>Home Agent</strong>
        <button type="button" onClick={props.onClose} aria-label="Close Home Agent">
          ×
        </button>
      </header>
      {props.material === undefined ? null : <QuotedMaterial material={props.material} />}
      <div role="log" aria-live="polite" aria-label="Your questions">
        {turns.map((turn, i) => (
          <div key={i} className="ha-you">
            <p>{turn.words}</p>
            {turn.state === 'asking' ? <p className="ha-meta">Asking…</p> : null}
            {turn.state === 'replied' ? (
              <p className="ha-meta" data-reply-kind={turn.kind}>
                {KIND_WORDS[turn.kind]} Read the reply in Home Agent’s side panel: it may hold your records, and this page can read what is shown here.
              </p>
            ) : null}
            {turn.state === 'error' ? (
              <p role="alert" className="ha-error">
                {turn.error.message}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {turns.some((t) => t.state === 'replied') ? (
        <button type="button" onClick={() => void props.openSidePanel().then((opened) => setPanel(opened ? 'opened' : 'refused'))}>
          Open the side panel
        </button>
      ) : null}
      {panel === 'refused' ? <p className="ha-meta">Open Home Agent’s side panel from the browser toolbar to read it.</p> : null}
      {untrusted ? (
        <p role="alert" className="ha-error">
          Nothing was asked: only you can press Ask here, not the page.
        </p>
      ) : null}
      <AskForm label={props.material === undefined ? 'Ask your agent' : 'Ask your agent about this'} busy={busy} requireTrustedGesture onAsk={(w) => void ask(w)} onUntrusted={() => setUntrusted(true)} />
    </aside>
  );
}
