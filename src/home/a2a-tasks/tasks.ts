import type { z } from 'zod';
import type { HomeAgent } from '../../agent/index';
import {
  A2A_ERROR_CODES,
  CancelTaskParams,
  GetTaskParams,
  SendMessageParams,
  TERMINAL_STATES,
  type A2AStatusUpdate,
  type A2ATask,
} from '../../protocol/a2a-task';
import type { AskRequest } from '../../protocol/ask';
import { describeZodError, HomeError } from '../../protocol/errors';
import type { HarnessReply } from '../../protocol/harness-reply';
import { createTaskStore, type TaskRecord } from './task-store';
import { statusMessageOf, taskViewOf } from './task-view';

/**
 * The person's agent as an A2A server (seed 001 step 8.4): `SendMessage` becomes a Task fronting one harness run,
 * asked through the ask-as-me door — the wire and the app's caller assertion are the credential, exactly as for
 * `home_ask`, and a refusal there creates no task. An act parks the task as AUTH_REQUIRED until the person signs in
 * their own popup; `settle(runRef)` (called when the person signed, declined or resumed) reads the run's checkpoint
 * and moves the task on, telling subscribers with A2A's TaskStatusUpdateEvent. `CancelTask` before signing declines
 * the run — nothing done, the signature request withdrawn. Only the caller that created a task (its origin, its wire)
 * may read or cancel it.
 */
export type A2ACaller = { origin: string; door: 'page' | 'serve' };
export type TaskListener = (update: A2AStatusUpdate, origin: string) => void;

export type A2ATasks = {
  sendMessage(params: unknown, caller: A2ACaller): Promise<{ task: A2ATask }>;
  getTask(params: unknown, caller: A2ACaller): Promise<A2ATask>;
  cancelTask(params: unknown, caller: A2ACaller): Promise<A2ATask>;
  /** The run moved at the person's Home: bring its task (if it fronts one) up to date and tell subscribers. */
  settle(runRef: string): Promise<A2ATask | undefined>;
  /** Hears every task's status updates (the page provider's `taskStatusUpdate`, the `--serve` door's streams). */
  subscribe(listener: TaskListener): () => void;
};

/** The A2A JSON-RPC error code a refusal carries in its details (the `--serve` door answers with it). */
const a2a = (code: keyof typeof A2A_ERROR_CODES) => ({ details: { a2aCode: A2A_ERROR_CODES[code] } });

function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const parsed = schema.safeParse(v);
  if (!parsed.success) throw new HomeError('BAD_INPUT', describeZodError(parsed.error));
  return parsed.data;
}

const wordsOf = (task: A2ATask): string | undefined => {
  const first = task.status.message?.parts[0];
  return first !== undefined && 'text' in first ? first.text : undefined;
};

export function createA2ATasks(deps: { agent: () => Promise<HomeAgent>; newId: () => string }): A2ATasks {
  const listeners = new Set<TaskListener>();
  const store = async () => createTaskStore((await deps.agent()).parts.vault);
  const timestamp = async () => new Date((await deps.agent()).clock.now()).toISOString();

  /** The task as the reply now stands; changed reports whether its status moved (then subscribers hear it). */
  async function advance(
    record: TaskRecord,
    reply: HarnessReply | null,
  ): Promise<{ record: TaskRecord; changed: boolean }> {
    const view = taskViewOf(reply, record.canceled);
    const before = record.task;
    if (before.status.state === view.state && TERMINAL_STATES.has(view.state)) return { record, changed: false };
    const same = before.status.state === view.state && wordsOf(before) === view.words;
    if (same) return { record, changed: false };
    const ids = { messageId: deps.newId(), taskId: before.id, contextId: before.contextId };
    const task: A2ATask = {
      ...before,
      status: { state: view.state, message: statusMessageOf(view, ids), timestamp: await timestamp() },
      ...(view.artifacts.length > 0 ? { artifacts: view.artifacts } : {}),
    };
    const next = { ...record, task };
    await (await store()).put(next);
    return { record: next, changed: true };
  }

  function tell(record: TaskRecord): void {
    const update: A2AStatusUpdate = {
      taskId: record.task.id,
      contextId: record.task.contextId,
      status: record.task.status,
    };
    for (const listener of [...listeners]) {
      try {
        listener(update, record.origin);
      } catch {
        // A listener's failure is its own; the others still hear the update.
      }
    }
  }

  /** The task by id, if this caller created it: another caller learns only that there is no such task. */
  async function owned(id: string, caller: A2ACaller): Promise<TaskRecord> {
    const record = await (await store()).get(id);
    if (record === undefined || record.origin !== caller.origin || record.door !== caller.door)
      throw new HomeError('TASK_NOT_FOUND', 'There is no task by that id for this caller.', a2a('TASK_NOT_FOUND'));
    return record;
  }

  /** Reads the run's checkpoint and moves the task on; a run gone (expired, swept) leaves the task as it was. */
  async function refresh(record: TaskRecord): Promise<TaskRecord> {
    if (TERMINAL_STATES.has(record.task.status.state)) return record;
    const agent = await deps.agent();
    const state = await agent.harness.runState(record.runRef).catch(() => null);
    // A run still awaiting the person keeps the reply it parked with (the checkpoint keeps only the prompt).
    if (state === null || (state.reply === null && state.status === 'awaiting')) return record;
    const moved = await advance(record, state.reply);
    if (moved.changed) tell(moved.record);
    return moved.record;
  }

  const trimmed = (task: A2ATask, historyLength: number | undefined): A2ATask => {
    if (historyLength === undefined || task.history === undefined) return task;
    const { history, ...rest } = task;
    return historyLength === 0 ? rest : { ...rest, history: history.slice(-historyLength) };
  };

  return {
    async sendMessage(raw, caller) {
      const params = parse(SendMessageParams, raw);
      const { message } = params;
      if (message.taskId !== undefined)
        throw new HomeError(
          'TASK_CONTINUATION_UNSUPPORTED',
          'A task of the person’s agent moves on only when the person acts at their own Home; send a new message for a new task.',
          a2a('UNSUPPORTED_OPERATION'),
        );
      const words: string[] = [];
      for (const part of message.parts) {
        if (!('text' in part))
          throw new HomeError(
            'PART_NOT_SUPPORTED',
            'The person’s agent takes an ask in words: send text parts only.',
            a2a('CONTENT_TYPE_NOT_SUPPORTED'),
          );
        words.push(part.text);
      }
      const text = words.join('\n').trim();
      if (text === '' || text.length > 4000)
        throw new HomeError('BAD_INPUT', 'An ask is one to 4000 characters of words in the message’s text parts.');
      const credential = params.metadata.askAsMe;
      const request: AskRequest = {
        addressee: credential.assertion.addressee,
        message: text,
        surface: caller.door === 'page' ? 'page' : 'cli',
      };
      const agent = await deps.agent();
      const result = await agent.harness.ask(request, { kind: 'ask-as-me', origin: caller.origin, credential });
      if (!result.ok) throw new HomeError(result.error.code, result.error.message);
      const id = deps.newId();
      const contextId = message.contextId ?? deps.newId();
      const asked = { ...message, taskId: id, contextId };
      const submitted: TaskRecord = {
        schemaVersion: 1,
        runRef: result.data.runRef,
        origin: caller.origin,
        wireHash: credential.wireHash,
        door: caller.door,
        canceled: false,
        task: {
          id,
          contextId,
          status: { state: 'TASK_STATE_SUBMITTED', timestamp: await timestamp() },
          history: [asked],
          metadata: { runRef: result.data.runRef },
        },
      };
      const { record } = await advance(submitted, result.data.reply);
      tell(record);
      return { task: trimmed(record.task, params.configuration?.historyLength) };
    },

    async getTask(raw, caller) {
      const params = parse(GetTaskParams, raw);
      return trimmed((await refresh(await owned(params.id, caller))).task, params.historyLength);
    },

    async cancelTask(raw, caller) {
      const params = parse(CancelTaskParams, raw);
      const record = await refresh(await owned(params.id, caller));
      const state = record.task.status.state;
      if (TERMINAL_STATES.has(state) || state === 'TASK_STATE_WORKING')
        throw new HomeError(
          'TASK_NOT_CANCELABLE',
          TERMINAL_STATES.has(state)
            ? `That task is already over (${state}); it cannot be canceled.`
            : 'That task is under way at the person’s Home; it cannot be canceled now.',
          a2a('TASK_NOT_CANCELABLE'),
        );
      const agent = await deps.agent();
      const marked = { ...record, canceled: true };
      await (await store()).put(marked);
      const declined = await agent.decline({
        runRef: record.runRef,
        reason: 'the app that asked canceled the task',
        surface: record.door === 'page' ? 'page' : 'cli',
      });
      const reply = declined.ok ? declined.data.reply : null;
      // A decline the harness refused (the act already under way) leaves the run as it was: so does the task.
      if (reply === null || reply.kind !== 'refused') {
        await (await store()).put(record);
        throw new HomeError('TASK_NOT_CANCELABLE', 'That task can no longer be canceled.', a2a('TASK_NOT_CANCELABLE'));
      }
      const moved = await advance(marked, reply);
      if (moved.changed) tell(moved.record);
      return moved.record.task;
    },

    async settle(runRef) {
      const record = await (await store()).byRun(runRef);
      return record === undefined ? undefined : (await refresh(record)).task;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
