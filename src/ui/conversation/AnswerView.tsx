import { message } from '../words/messages';
import { messageNodes } from '../words/message-nodes';
import type { ReplyOf } from './transport';
import { ResultsTable } from './ResultsTable';

/**
 * An answer: the agent's words, its results as a table, and outside agents' words attributed to them — shown as
 * their quotation, never passed off as the person's agent's own.
 */
export function AnswerView({ reply }: { reply: ReplyOf<'answer'> }) {
  return (
    <>
      <p className={reply.interaction === 'unsupported' ? 'ha-unsupported' : undefined}>{reply.text}</p>
      {reply.results === undefined ? null : <ResultsTable rows={reply.results} caption={message('resultsCaption')} />}
      {(reply.attributions ?? []).map((a, i) => (
        <figure key={i} className="ha-attributed" aria-label={message('answerWhatSaid', a.source)}>
          <figcaption>{messageNodes('answerSaid', <strong>{a.source}</strong>)}</figcaption>
          <blockquote>{a.text}</blockquote>
        </figure>
      ))}
      {reply.evidence === undefined || reply.evidence.length === 0 ? null : (
        <details>
          <summary>{message('answerEvidence')}</summary>
          <ul>
            {reply.evidence.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </details>
      )}
      {reply.next === undefined || reply.next.length === 0 ? null : (
        <p className="ha-meta">{message('answerNext', reply.next.join(' · '))}</p>
      )}
    </>
  );
}
