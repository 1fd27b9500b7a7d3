import { ApprovalExchange, approvalRequestOf } from '../sign/ApprovalExchange';
import { requirementFacts } from '../words/requirement-words';
import { number, shortAddress } from '../words/format';
import { message } from '../words/messages';
import { ChoicePrompt } from './ChoicePrompt';
import { DataPrompt } from './DataPrompt';
import { FactList } from './FactList';
import { PromptRecord } from './PromptRecord';
import type { ReplyActions, ReplyOf } from './transport';

/** A prompt the run waits on: a data field, a choice, another person's approval, or a mandate to review. */
export function PromptView({
  reply,
  runRef,
  actions,
  now,
}: {
  reply: ReplyOf<'prompt'>;
  runRef: string;
  actions: ReplyActions;
  now: number;
}) {
  const { prompt, resumeToken } = reply;
  if (actions.finished === true) return <PromptRecord prompt={prompt} now={now} />;
  switch (prompt.kind) {
    case 'data':
      return <DataPrompt prompt={prompt} runRef={runRef} resumeToken={resumeToken} actions={actions} />;
    case 'choice':
      return (
        <ChoicePrompt
          prompt={prompt}
          trace={reply.plannerTrace}
          runRef={runRef}
          resumeToken={resumeToken}
          actions={actions}
        />
      );
    case 'signature': {
      const approval = {
        resumeToken,
        approvalDigest: prompt.approvalDigest,
        approvers: prompt.approvers,
        quorum: prompt.quorum,
        have: prompt.have,
      };
      const context = actions.contextOf?.(runRef);
      const request =
        context === undefined
          ? undefined
          : approvalRequestOf({
              runRef,
              text: prompt.text,
              approval,
              requirement: context.requirement,
              requester: context.requester,
            });
      return (
        <>
          {context === undefined ? (
            <>
              <p>{prompt.text}</p>
              <p className="ha-meta">
                {message(
                  'promptApprovals',
                  number(prompt.have.length),
                  number(prompt.quorum),
                  prompt.approvers.map(shortAddress).join(', '),
                )}
              </p>
            </>
          ) : (
            <ApprovalExchange
              runRef={runRef}
              text={prompt.text}
              approval={approval}
              request={request}
              busy={actions.busy}
              onSupply={(c) =>
                actions.resume(
                  runRef,
                  [{ kind: 'approval', resumeToken, approver: c.approver, signature: c.signature }],
                  message('promptCoSignatureSaid', shortAddress(c.approver)),
                )
              }
            />
          )}
          <button
            type="button"
            className="ha-secondary"
            disabled={actions.busy}
            onClick={() => actions.resume(runRef, [{ kind: 'decline', resumeToken }], message('promptDecline'))}
          >
            {message('promptDecline')}
          </button>
        </>
      );
    }
    case 'authority':
      return (
        <>
          <p>{prompt.text}</p>
          <FactList facts={requirementFacts(prompt.requirement, [], now)} label={message('promptWhatYouAllow')} />
          {actions.review === undefined ? null : (
            <button type="button" disabled={actions.busy} onClick={() => actions.review?.(runRef)}>
              {message('promptReview')}
            </button>
          )}
        </>
      );
    default:
      return (
        <>
          <p>{prompt.text}</p>
          <button
            type="button"
            className="ha-secondary"
            disabled={actions.busy}
            onClick={() => actions.resume(runRef, [{ kind: 'decline', resumeToken }], message('promptDecline'))}
          >
            {message('promptDecline')}
          </button>
        </>
      );
  }
}
