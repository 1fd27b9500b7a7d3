import type { A2AArtifact, A2AMessage, A2APart, TaskState } from '../../protocol/a2a-task';
import type { HarnessReply } from '../../protocol/harness-reply';

/**
 * A run's reply as an A2A task's status (A2A §Task lifecycle): what state, the agent's words for it, and what it
 * produced. An act waiting for the person's signature is `TASK_STATE_AUTH_REQUIRED` — the requirement in words and
 * the grant link where the person signs, their own Home and never the app — and a finished act is
 * `TASK_STATE_COMPLETED` with its step receipts as an artifact. A question only the person can answer (a choice, a
 * value) is `TASK_STATE_INPUT_REQUIRED`: the person answers at their Home, not the app.
 */
export type TaskView = { state: TaskState; words: string; data?: Record<string, unknown>; artifacts: A2AArtifact[] };

const text = (t: string): A2APart => ({ text: t.slice(0, 8000) });
const json = (data: unknown): A2APart => ({ data, mediaType: 'application/json' });

export function taskViewOf(reply: HarnessReply | null, canceled: boolean): TaskView {
  if (reply === null) return { state: 'TASK_STATE_WORKING', words: 'Your agent is working on it.', artifacts: [] };
  switch (reply.kind) {
    case 'answer':
      return {
        state: 'TASK_STATE_COMPLETED',
        words: reply.spoken,
        artifacts: [
          {
            artifactId: 'answer',
            name: 'answer',
            parts: [text(reply.text), ...(reply.results !== undefined ? [json({ results: reply.results })] : [])],
          },
        ],
      };
    case 'done':
      return {
        state: 'TASK_STATE_COMPLETED',
        words: reply.spoken,
        artifacts: [
          { artifactId: 'result', name: 'result', parts: [text(reply.result.text)] },
          {
            artifactId: 'receipt',
            name: 'receipt',
            description: 'The step receipts of what your agent did, as it recorded them.',
            parts: [json({ fulfillment: reply.fulfillment, receipts: reply.receipts })],
          },
        ],
      };
    case 'authority_required': {
      const r = reply.requirement;
      return {
        state: 'TASK_STATE_AUTH_REQUIRED',
        words: `${reply.summary} Your agent will not act on an app’s word: it waits for the person to sign in their own Home Agent popup (${reply.grantLink}).`,
        data: {
          requirement: {
            capability: r.capability,
            toolId: r.toolId,
            stepRef: r.stepRef,
            delegator: r.delegator,
            delegate: r.delegate,
            risk: r.risk,
            caveats: r.caveats,
            bindingDigest: r.bindingDigest,
          },
          grantLink: reply.grantLink,
        },
        artifacts: [],
      };
    }
    case 'prompt':
      return reply.prompt.kind === 'signature'
        ? { state: 'TASK_STATE_AUTH_REQUIRED', words: reply.prompt.text, artifacts: [] }
        : {
            state: 'TASK_STATE_INPUT_REQUIRED',
            words: `${reply.spoken} The person answers this at their own Home, not the app.`,
            artifacts: [],
          };
    case 'waiting':
      return { state: 'TASK_STATE_WORKING', words: reply.text, artifacts: [] };
    case 'refused':
      if (canceled)
        return { state: 'TASK_STATE_CANCELED', words: 'The app canceled this task; nothing was done.', artifacts: [] };
      return {
        state: reply.outcome === 'failed' ? 'TASK_STATE_FAILED' : 'TASK_STATE_REJECTED',
        words: reply.error.message,
        artifacts: [],
      };
  }
}

/** The agent's status message for a view (ROLE_AGENT, in the task's context). */
export function statusMessageOf(
  view: TaskView,
  ids: { messageId: string; taskId: string; contextId: string },
): A2AMessage {
  return {
    messageId: ids.messageId,
    role: 'ROLE_AGENT',
    taskId: ids.taskId,
    contextId: ids.contextId,
    parts: [text(view.words), ...(view.data !== undefined ? [json(view.data)] : [])],
  };
}
