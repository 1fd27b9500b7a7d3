import { message, type MessageKey } from '../words/messages';
import type { ReplyOf } from './transport';

const OUTCOME: Record<ReplyOf<'refused'>['outcome'], MessageKey> = {
  denied: 'refusedDenied',
  declined: 'refusedDeclined',
  failed: 'refusedFailed',
  plan_refused: 'refusedPlanRefused',
};

/** A refusal in words: what happened, and the reason as the agent gave it. */
export function RefusedView({ reply }: { reply: ReplyOf<'refused'> }) {
  return (
    <>
      <p>
        <strong>{message(OUTCOME[reply.outcome])}</strong>
      </p>
      <p className="ha-reason">{reply.error.message}</p>
      <p className="ha-meta">{message('refusedCode', reply.error.code)}</p>
    </>
  );
}
