import { useEffect, useId, useState } from 'react';
import type { Result } from '../../protocol/errors';
import { message } from '../words/messages';

/** A question kept because another agent did not answer (a run waiting on it): the words asked and why it waits. */
export type KeptQuestion = { runRef: string; words: string; text: string; stopped?: true };

/**
 * One kept question with what the person can do about it: send it again (the same run resumed, so it is asked once
 * more and nothing already done is done twice) or drop it (the run declined; nothing is done). A run the worker
 * stopped part-way through its act is not offered Drop: it may already have happened, and the agent refuses to drop
 * it (ACT_UNDER_WAY) — sending it again finishes it, once.
 */
export function KeptQuestionView({
  kept,
  busy,
  onResend,
  onDrop,
}: {
  kept: KeptQuestion;
  busy: boolean;
  onResend: () => void;
  onDrop: () => void;
}) {
  return (
    <>
      <figure className="ha-quote" aria-label={message('keptWhatYouAsked')}>
        <figcaption>{message('keptYouAsked')}</figcaption>
        <blockquote>{kept.words}</blockquote>
      </figure>
      <p>{kept.text}</p>
      <div className="ha-actions">
        <button type="button" disabled={busy} onClick={onResend}>
          {message('keptResend')}
        </button>
        {kept.stopped === true ? null : (
          <button type="button" className="ha-secondary" disabled={busy} onClick={onDrop}>
            {message('keptDrop')}
          </button>
        )}
      </div>
    </>
  );
}

/** The questions kept for the person (listed by the agent, so they are found again after the side panel was closed). */
export function KeptQuestions({
  items,
  busy,
  onResend,
  onDrop,
}: {
  items: readonly KeptQuestion[];
  busy: boolean;
  onResend: (kept: KeptQuestion) => void;
  onDrop: (kept: KeptQuestion) => void;
}) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="ha-card ha-kept">
      <h2 id={titleId}>{message('keptTitle')}</h2>
      <ul aria-label={message('keptTitle')}>
        {items.map((kept) => (
          <li key={kept.runRef}>
            <KeptQuestionView kept={kept} busy={busy} onResend={() => onResend(kept)} onDrop={() => onDrop(kept)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The kept questions as the agent lists them now: read when the face opens, again after each turn (a turn may
 * have sent one again, dropped it, or kept a new one), and again when what waits changed elsewhere (`watchPending`:
 * the popup sent one again or dropped it). A face without `kept` (the overlay) lists none.
 */
export function useKeptQuestions(
  kept: (() => Promise<Result<KeptQuestion[]>>) | undefined,
  busy: boolean,
  watchPending?: (changed: () => void) => () => void,
): KeptQuestion[] {
  const [items, setItems] = useState<KeptQuestion[]>([]);
  const [changes, setChanges] = useState(0);
  useEffect(() => watchPending?.(() => setChanges((n) => n + 1)), [watchPending]);
  useEffect(() => {
    if (kept === undefined || busy) return;
    let live = true;
    void kept().then((result) => live && result.ok && setItems(result.data));
    return () => void (live = false);
  }, [kept, busy, changes]);
  return items;
}
