import type { Prompt } from '../../protocol/harness-reply';
import { requirementFacts } from '../words/requirement-words';
import { choiceQuestion } from '../words/prompt-words';
import { message } from '../words/messages';
import { movedOn } from './AuthorityView';
import { FactList } from './FactList';

/** A prompt whose run has moved on: what it asked, kept as a record, with no field or button left to press. */
export function PromptRecord({ prompt, now }: { prompt: Prompt; now: number }) {
  return (
    <>
      <p>{prompt.kind === 'choice' ? choiceQuestion(prompt) : prompt.text}</p>
      {prompt.kind === 'choice' ? (
        <ul aria-label={message('promptOptions')}>
          {prompt.options.map((o) => (
            <li key={o.value}>{o.label}</li>
          ))}
        </ul>
      ) : null}
      {prompt.kind === 'authority' ? (
        <FactList facts={requirementFacts(prompt.requirement, [], now)} label={message('promptWouldHaveAllowed')} />
      ) : null}
      <p className="ha-meta">{movedOn()}</p>
    </>
  );
}
