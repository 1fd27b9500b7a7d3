import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_LIMITS } from '../../protocol/messages/index';
import { message } from '../words/messages';

/**
 * The Ask box. Inside a web page (the overlay's shadow root is open) the page's scripts can reach this form: they
 * could fill it and press Ask. With `requireTrustedGesture` only a trusted click or Ctrl+Enter (events scripts
 * cannot make) sends the words.
 */
export function AskForm(props: {
  label: string;
  busy: boolean;
  requireTrustedGesture?: boolean;
  onAsk: (words: string) => void;
  onUntrusted?: () => void;
  onStop?: () => void;
}) {
  const inputId = useId();
  const [words, setWords] = useState('');
  const [empty, setEmpty] = useState(false);
  const trusted = useRef(false);
  const send = (gestureTrusted: boolean) => {
    if (props.requireTrustedGesture === true && !gestureTrusted) return props.onUntrusted?.();
    setEmpty(words.trim() === '');
    if (words.trim() === '') return;
    props.onAsk(words);
    setWords('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const gesture = trusted.current;
    trusted.current = false;
    send(gesture);
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!props.busy) send(event.nativeEvent.isTrusted);
    }
  };
  return (
    <form className="ha-ask" onSubmit={submit}>
      <label htmlFor={inputId}>{props.label}</label>
      <textarea
        id={inputId}
        name="words"
        rows={3}
        maxLength={MESSAGE_LIMITS.words}
        required
        value={words}
        onChange={(e) => setWords(e.target.value)}
        onKeyDown={keyDown}
        aria-describedby={`${inputId}-hint`}
      />
      <small id={`${inputId}-hint`}>{message('askHint')}</small>
      {empty ? (
        <p role="alert" className="ha-error">
          {message('askEmpty')}
        </p>
      ) : null}
      <div className="ha-actions">
        <button
          type="submit"
          disabled={props.busy}
          onClick={(event) => (trusted.current = event.nativeEvent.isTrusted)}
        >
          {props.busy ? message('asking') : message('ask')}
        </button>
        {props.busy && props.onStop !== undefined ? (
          <button type="button" className="ha-secondary" onClick={props.onStop}>
            {message('askStop')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
