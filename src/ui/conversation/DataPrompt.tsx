import { useId, useState, type FormEvent } from 'react';
import type { Prompt } from '../../protocol/harness-reply';
import { message } from '../words/messages';
import { fieldHelp } from '../words/prompt-words';
import type { ReplyActions } from './transport';

type DataPromptType = Extract<Prompt, { kind: 'data' }>;

/** A data prompt: one labelled field per missing argument, each with the reason it is asked. */
export function DataPrompt({
  prompt,
  runRef,
  resumeToken,
  actions,
}: {
  prompt: DataPromptType;
  runRef: string;
  resumeToken: `0x${string}`;
  actions: ReplyActions;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const said = prompt.fields.map((f) => message('dataSaid', f.label, values[f.arg] ?? '')).join(', ');
    actions.resume(runRef, [{ kind: 'answer', resumeToken, values }], said);
  };
  return (
    <form onSubmit={submit} className="ha-prompt">
      <p>{prompt.text}</p>
      {prompt.fields.map((field) => {
        const help = fieldHelp(prompt.text, field.reason);
        return (
          <div key={field.arg} className="ha-field">
            <label htmlFor={`${id}-${field.arg}`}>{field.label}</label>
            <input
              id={`${id}-${field.arg}`}
              name={field.arg}
              required
              maxLength={500}
              {...(help === undefined ? {} : { 'aria-describedby': `${id}-${field.arg}-why` })}
              value={values[field.arg] ?? ''}
              onChange={(e) => setValues({ ...values, [field.arg]: e.target.value })}
            />
            {help === undefined ? null : <small id={`${id}-${field.arg}-why`}>{help}</small>}
          </div>
        );
      })}
      <div className="ha-actions">
        <button type="submit" disabled={actions.busy}>
          {message('dataAnswer')}
        </button>
        <button
          type="button"
          className="ha-secondary"
          disabled={actions.busy}
          onClick={() => actions.resume(runRef, [{ kind: 'decline', resumeToken }], message('dataNeverMind'))}
        >
          {message('dataNeverMind')}
        </button>
      </div>
    </form>
  );
}
