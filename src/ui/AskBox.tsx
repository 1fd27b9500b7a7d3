import { useId, useRef, useState, type FormEvent } from 'react';
import type { Result, WireError } from '../protocol/errors';
import { MESSAGE_LIMITS, type AskReply } from '../protocol/messages';
import { ReplyView } from './ReplyView';

export type AskBoxProps = {
  /** Sends the person's words to the background and resolves to its checked reply. */
  ask: (words: string) => Promise<Result<AskReply>>;
  label?: string;
  /**
   * Inside a web page (the overlay's shadow root is open), the page's scripts can reach this form: they could fill
   * it and press Ask. Only a trusted click (a real one; scripts cannot make those) may then send the ask.
   */
  requireTrustedGesture?: boolean;
};

const UNTRUSTED: WireError = { code: 'UNTRUSTED_GESTURE', message: 'Nothing was asked: only you can press Ask here, not the page.' };

/** A labelled box for a sentence, its submit button, and the reply or the refusal in words. */
export function AskBox({ ask, label = 'Ask your agent', requireTrustedGesture = false }: AskBoxProps) {
  const inputId = useId();
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<AskReply | undefined>();
  const [error, setError] = useState<WireError | undefined>();
  const trustedClick = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trusted = trustedClick.current;
    trustedClick.current = false;
    if (requireTrustedGesture && !trusted) return setError(UNTRUSTED);
    setBusy(true);
    setError(undefined);
    const result = await ask(words);
    setBusy(false);
    if (result.ok) setReply(result.data);
    else setError(result.error);
  }

  return (
    <div className="ha-ask">
      <form onSubmit={submit}>
        <label htmlFor={inputId}>{label}</label>
        <textarea
          id={inputId}
          name="words"
          rows={3}
          maxLength={MESSAGE_LIMITS.words}
          required
          value={words}
          onChange={(event) => setWords(event.target.value)}
        />
        <button type="submit" disabled={busy} onClick={(event) => (trustedClick.current = event.nativeEvent.isTrusted)}>
          {busy ? 'Asking…' : 'Ask'}
        </button>
      </form>
      {error === undefined ? null : (
        <p role="alert" className="ha-error">
          {error.message}
        </p>
      )}
      {reply === undefined ? null : <ReplyView reply={reply} />}
    </div>
  );
}
