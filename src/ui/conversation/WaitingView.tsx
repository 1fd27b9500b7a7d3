import type { ReplyOf } from './transport';

/** The run waits on something outside the person (another agent, a commitment); it resumes by itself. */
export function WaitingView({ reply }: { reply: ReplyOf<'waiting'> }) {
  return (
    <>
      <p>{reply.text}</p>
      <p className="ha-meta">
        Waiting on {reply.on}. Commitment <code className="ha-digest">{reply.commitment}</code>
      </p>
    </>
  );
}
