import { useId } from 'react';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { AnswerView } from './AnswerView';
import { AuthorityView } from './AuthorityView';
import { DoneView } from './DoneView';
import { PromptView } from './PromptView';
import { RefusedView } from './RefusedView';
import type { ReplyActions } from './transport';
import { WaitingView } from './WaitingView';
import { WhyDisclosure } from './WhyDisclosure';
import { message, type MessageKey } from '../words/messages';
import { messageNodes } from '../words/message-nodes';
import { UrgencyBanner } from '../cards/UrgencyBanner';

const HEADINGS: Record<HarnessReply['kind'], MessageKey> = {
  answer: 'replyAnswer',
  authority_required: 'replyAuthorityRequired',
  prompt: 'replyPrompt',
  waiting: 'replyWaiting',
  done: 'replyDone',
  refused: 'replyRefused',
};

/** One reply of the person's agent, rendered for its kind, with its "why" and its run reference. */
export function ReplyCard({ response, actions, now }: { response: AskResponse; actions: ReplyActions; now: number }) {
  const headingId = useId();
  const { reply, runRef } = response;
  return (
    <article className={`ha-reply ha-reply-${reply.kind}`} aria-labelledby={headingId} data-kind={reply.kind}>
      {reply.kind === 'answer' && reply.urgency !== undefined ? <UrgencyBanner urgency={reply.urgency} /> : null}
      <h3 id={headingId}>{message(HEADINGS[reply.kind])}</h3>
      {reply.kind === 'answer' ? <AnswerView reply={reply} /> : null}
      {reply.kind === 'authority_required' ? (
        <AuthorityView reply={reply} runRef={runRef} actions={actions} now={now} />
      ) : null}
      {reply.kind === 'prompt' ? <PromptView reply={reply} runRef={runRef} actions={actions} now={now} /> : null}
      {reply.kind === 'waiting' ? <WaitingView reply={reply} /> : null}
      {reply.kind === 'done' ? (
        <DoneView reply={reply} runRef={runRef} actions={actions} hasProvenance={response.hasProvenance} />
      ) : null}
      {reply.kind === 'refused' ? <RefusedView reply={reply} /> : null}
      <WhyDisclosure trace={reply.plannerTrace} />
      <p className="ha-meta">{messageNodes('replyRun', <code>{runRef}</code>)}</p>
    </article>
  );
}
