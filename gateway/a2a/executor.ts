import { Role, TaskState, type Message, type Part } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { Refusal } from '../errors';
import type { Clock, Ids } from '../ports';
import type { AskMetadata } from './envelope';
import { AUTHORIZATION_KEY, ON_TASK_KEY, REFUSAL_KEY, REFUSED_TASK_KEY, type Consult } from './consultation';

/** Refusals that name something the person can still send: the task waits for it (input required), resumable. */
const WAITS_FOR_INPUT = new Set(['cabinet_missing', 'empty_message', 'practice_required']);

const textPart = (value: string): Part => ({
  content: { $case: 'text', value },
  mediaType: 'text/plain',
  filename: '',
  metadata: {},
});
const dataPart = (value: Record<string, unknown>): Part => ({
  content: { $case: 'data', value },
  mediaType: 'application/json',
  filename: '',
  metadata: {},
});

function wordsOf(message: Message): { text: string; data: Record<string, unknown> | null } {
  const texts: string[] = [];
  let data: Record<string, unknown> | null = null;
  for (const part of message.parts) {
    if (part.content?.$case === 'text') texts.push(part.content.value);
    if (part.content?.$case === 'data' && data === null) data = part.content.value as Record<string, unknown>;
  }
  return { text: texts.join('\n'), data };
}

/**
 * A consultation as an A2A Task (a2a-js's AgentExecutor port): submitted, working — one status update per act as the
 * coach composes — then the answer as the task's artifact and `completed`. A refusal in words ends the task
 * `rejected` (the person's side: 4xx) or `failed` (HeartCoach's side: 5xx) and is also handed to the transport, which
 * answers it as the JSON-RPC error it has always been, naming the task; a refusal that asks for something the person
 * can still send leaves the task `input-required`, resumed by the next message that names it.
 */
export class ConsultationExecutor implements AgentExecutor {
  private readonly running = new Map<string, { abort: AbortController; contextId: string }>();

  constructor(
    private readonly consult: Consult,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = request;
    const now = () => this.clock.now().toISOString();
    const message = (parts: Part[], metadata: Record<string, unknown> = {}): Message => ({
      messageId: this.ids.next('msg'),
      contextId,
      taskId,
      role: Role.ROLE_AGENT,
      parts,
      metadata,
      extensions: [],
      referenceTaskIds: [],
    });
    const status = (state: TaskState, parts: Part[], metadata?: Record<string, unknown>) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: { state, message: message(parts, metadata), timestamp: now() },
          metadata: {},
        }),
      );
    const user = request.userMessage;
    bus.publish(
      AgentEvent.task(
        request.task ?? {
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
          artifacts: [],
          history: [user],
          metadata: {},
        },
      ),
    );
    (request.context.state.get(ON_TASK_KEY) as ((id: string) => void) | undefined)?.(taskId);
    const abort = new AbortController();
    this.running.set(taskId, { abort, contextId });
    const words0 = wordsOf(user);
    const data = words0.data;
    let text = words0.text;
    // A message that resumes a waiting task may carry only what was missing: the question is the earlier one.
    if (text.trim() === '' && request.task !== undefined) {
      const earlier = request.task.history.filter((m) => m.role === Role.ROLE_USER && m.messageId !== user.messageId);
      text = earlier.map((m) => wordsOf(m).text).findLast((t) => t.trim() !== '') ?? '';
    }
    status(TaskState.TASK_STATE_WORKING, [textPart('HeartCoach is composing its answer.')]);
    try {
      const answer = await this.consult({
        text,
        data,
        metadata: user.metadata as AskMetadata,
        contextId,
        authorization: request.context.state.get(AUTHORIZATION_KEY) as string | undefined,
        onActed: (acted) =>
          status(TaskState.TASK_STATE_WORKING, [textPart(`${acted.ok ? '✓' : '✕'} ${acted.summary}`)], {
            acted,
          }),
        signal: abort.signal,
      });
      if (abort.signal.aborted) return;
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: 'answer',
            name: 'answer',
            description: "HeartCoach's answer",
            parts: [dataPart(answer)],
            metadata: {},
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: {},
        }),
      );
      const say = typeof answer.say === 'string' ? [textPart(answer.say)] : [];
      status(TaskState.TASK_STATE_COMPLETED, [dataPart(answer), ...say]);
    } catch (error) {
      if (abort.signal.aborted) return;
      const refusal = error instanceof Refusal ? error : null;
      if (refusal === null) console.error(`[gateway] consultation ${taskId}:`, error);
      const words = refusal?.message ?? 'Something went wrong inside HeartCoach; nothing was changed.';
      const why = { code: refusal?.code ?? 'internal', status: refusal?.status ?? 500 };
      if (refusal !== null && WAITS_FOR_INPUT.has(refusal.code)) {
        status(TaskState.TASK_STATE_INPUT_REQUIRED, [textPart(words)], why);
        return;
      }
      request.context.state.set(REFUSAL_KEY, error);
      request.context.state.set(REFUSED_TASK_KEY, taskId);
      status(why.status >= 500 ? TaskState.TASK_STATE_FAILED : TaskState.TASK_STATE_REJECTED, [textPart(words)], why);
    } finally {
      this.running.delete(taskId);
    }
  };

  /** Stops the consultation before its next model call or act, and ends the task canceled at once. */
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const run = this.running.get(taskId);
    run?.abort.abort();
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: run?.contextId ?? '',
        status: {
          state: TaskState.TASK_STATE_CANCELED,
          message: {
            messageId: this.ids.next('msg'),
            contextId: run?.contextId ?? '',
            taskId,
            role: Role.ROLE_AGENT,
            parts: [textPart('The consultation was canceled.')],
            metadata: {},
            extensions: [],
            referenceTaskIds: [],
          },
          timestamp: this.clock.now().toISOString(),
        },
        metadata: {},
      }),
    );
    bus.finished();
  };
}
