import { requirementFacts } from '../words/requirement-words';
import { shortAddress } from '../words/format';
import { ChoicePrompt } from './ChoicePrompt';
import { DataPrompt } from './DataPrompt';
import { FactList } from './FactList';
import type { ReplyActions, ReplyOf } from './transport';

/** A prompt the run waits on: a data field, a choice, another person's approval, or a mandate to review. */
export function PromptView({ reply, runRef, actions, now }: { reply: ReplyOf<'prompt'>; runRef: string; actions: ReplyActions; now: number }) {
  const { prompt, resumeToken } = reply;
  switch (prompt.kind) {
    case 'data':
      return <DataPrompt prompt={prompt} runRef={runRef} resumeToken={resumeToken} actions={actions} />;
    case 'choice':
      return <ChoicePrompt prompt={prompt} trace={reply.plannerTrace} runRef={runRef} resumeToken={resumeToken} actions={actions} />;
    case 'signature':
      return (
        <>
          <p>{prompt.text}</p>
          <p className="ha-meta">
            {prompt.have.length} of {prompt.quorum} approvals so far. Approvers: {prompt.approvers.map(shortAddress).join(', ')}.
          </p>
          <div className="ha-actions">
            {actions.review === undefined ? null : (
              <button type="button" disabled={actions.busy} onClick={() => actions.review?.(runRef)}>
                Ask for approval
              </button>
            )}
            <button type="button" className="ha-secondary" disabled={actions.busy} onClick={() => actions.resume(runRef, [{ kind: 'decline', resumeToken }], 'Decline')}>
              Decline
            </button>
          </div>
        </>
      );
    case 'authority':
      return (
        <>
          <p>{prompt.text}</p>
          <FactList facts={requirementFacts(prompt.requirement, [], now)} label="What you would allow" />
          {actions.review === undefined ? null : (
            <button type="button" disabled={actions.busy} onClick={() => actions.review?.(runRef)}>
              Review and sign
            </button>
          )}
        </>
      );
    default:
      return (
        <>
          <p>{prompt.text}</p>
          <button type="button" className="ha-secondary" disabled={actions.busy} onClick={() => actions.resume(runRef, [{ kind: 'decline', resumeToken }], 'Decline')}>
            Decline
          </button>
        </>
      );
  }
}
