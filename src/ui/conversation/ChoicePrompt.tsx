import { useState, type FormEvent } from 'react';
import type { PlannerTrace, Prompt } from '../../protocol/harness-reply';
import { message } from '../words/messages';
import { choiceQuestion } from '../words/prompt-words';
import type { ReplyActions } from './transport';

type ChoicePromptType = Extract<Prompt, { kind: 'choice' }>;

/**
 * A choice among the candidates. A choice the person made before for the same word is cited — as a reminder,
 * never as the answer: nothing is preselected, because a remembered choice is evidence, not authority.
 */
export function ChoicePrompt(props: {
  prompt: ChoicePromptType;
  trace: PlannerTrace;
  runRef: string;
  resumeToken: `0x${string}`;
  actions: ReplyActions;
}) {
  const { prompt, trace, runRef, resumeToken, actions } = props;
  const [choice, setChoice] = useState<string | undefined>();
  const remembered = trace.resolutions.find(
    (r) => r.source === 'remembered' && r.arg === prompt.arg && r.note !== undefined,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = prompt.options.find((o) => o.value === choice);
    if (option !== undefined)
      actions.resume(runRef, [{ kind: 'choice', resumeToken, choice: option.value }], option.label);
  };
  return (
    <form onSubmit={submit} className="ha-prompt">
      <fieldset>
        <legend>{choiceQuestion(prompt)}</legend>
        {remembered === undefined ? null : (
          <p className="ha-remembered">{message('choiceRemembered', remembered.note ?? '')}</p>
        )}
        {prompt.options.map((option) => (
          <label key={option.value} className="ha-option">
            <input
              type="radio"
              name={`choice-${resumeToken}`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="ha-actions">
        <button type="submit" disabled={actions.busy || choice === undefined}>
          {message('choiceChoose')}
        </button>
        <button
          type="button"
          className="ha-secondary"
          disabled={actions.busy}
          onClick={() => actions.resume(runRef, [{ kind: 'decline', resumeToken }], message('choiceNone'))}
        >
          {message('choiceNone')}
        </button>
      </div>
    </form>
  );
}
