import type { ReplyOf } from './transport';

const OUTCOME: Record<ReplyOf<'refused'>['outcome'], string> = {
  denied: 'Your agent refused this.',
  declined: 'You declined; nothing was done.',
  failed: 'This could not be done.',
  plan_refused: 'Your agent would not make this plan.',
};

/** A refusal in words: what happened, and the reason as the agent gave it. */
export function RefusedView({ reply }: { reply: ReplyOf<'refused'> }) {
  return (
    <>
      <p>
        <strong>{OUTCOME[reply.outcome]}</strong>
      </p>
      <p className="ha-reason">{reply.error.message}</p>
      <p className="ha-meta">Code: {reply.error.code}</p>
    </>
  );
}
