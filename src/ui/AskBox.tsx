import { useId, useState, type FormEvent } from 'react';
import type { Result, WireError } from '../protocol/errors';
import { MESSAGE_LIMITS, type AskReply } from '../protocol/messages';
import { ReplyView } from './ReplyView';

export type AskBoxProps = {
  /** Sends the person's words to the background and resolves to its checked reply. */
  ask: (words: string) => Promise<Result<AskReply>>;
  label?: string;
};

/** A labelled box for a sentence, its submit button, and the reply or the refusal in words. */
export function AskBox({ ask, label = 'Ask your agent' }: AskBoxProps) {
  const inputId = useId();
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<AskReply | undefined>();
  const [error, setError] = useState<WireError | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
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
        <button type="submit" disabled={busy}>
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
