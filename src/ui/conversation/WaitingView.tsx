import { message } from '../words/messages';
import { messageNodes } from '../words/message-nodes';
import { Details } from './Details';
import { LongValue } from './LongValue';
import type { ReplyOf } from './transport';

/** The run waits on something outside the person (another agent, a commitment); it resumes by itself. */
export function WaitingView({ reply }: { reply: ReplyOf<'waiting'> }) {
  return (
    <>
      <p>{reply.text}</p>
      <p className="ha-meta">{message('waitingOn', reply.on)}</p>
      <Details>
        <p className="ha-meta">
          {messageNodes('waitingCommitment', <LongValue value={reply.commitment} what="commitment" />)}
        </p>
      </Details>
    </>
  );
}
