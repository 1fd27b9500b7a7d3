import { z } from 'zod';
import { AskAsMeCredential } from './ask';

/**
 * The person's agent in A2A's own terms (A2A v1.0, its JSON form as @a2a-js/sdk 1.3.0's `Task.toJSON` writes it):
 * an app or another agent sends `SendMessage` and gets a Task back; `GetTask` reads it and `CancelTask` withdraws it.
 * The same methods are open to pages through `window.homeAgent.request({ method, params })` and to agents outside a
 * browser through the command line's `--serve` (JSON-RPC on loopback). The ask-as-me wire stays the credential: the
 * request's `metadata.askAsMe` carries the wire's hash, the caller assertion and the app's signature, exactly as
 * `home_ask` takes them, with the assertion's `messageDigest` over `{ addressee, message, surface }`.
 */

export const TASK_STATES = [
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;
export const TaskState = z.enum(TASK_STATES);
export type TaskState = z.infer<typeof TaskState>;

/** Terminal states: a task in one of them never changes again (A2A §Task lifecycle). */
export const TERMINAL_STATES: ReadonlySet<TaskState> = new Set([
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_REJECTED',
]);

const Meta = z.record(z.string().max(64), z.unknown());
const Id = z.string().min(1).max(128);

/** A part as A2A v1.0 writes it in JSON: exactly one of text, data, url or raw. */
export const A2APart = z.union([
  z.strictObject({
    text: z.string().max(8000),
    mediaType: z.string().max(100).optional(),
    metadata: Meta.optional(),
  }),
  z.strictObject({ data: z.unknown(), mediaType: z.string().max(100).optional(), metadata: Meta.optional() }),
  z.strictObject({
    url: z.string().max(2048),
    filename: z.string().max(300).optional(),
    mediaType: z.string().max(100).optional(),
    metadata: Meta.optional(),
  }),
  z.strictObject({
    raw: z.string().max(8000),
    filename: z.string().max(300).optional(),
    mediaType: z.string().max(100).optional(),
    metadata: Meta.optional(),
  }),
]);
export type A2APart = z.infer<typeof A2APart>;

export const A2AMessage = z.strictObject({
  messageId: Id,
  role: z.enum(['ROLE_USER', 'ROLE_AGENT']),
  parts: z.array(A2APart).min(1).max(8),
  contextId: Id.optional(),
  taskId: Id.optional(),
  metadata: Meta.optional(),
  extensions: z.array(z.string().max(300)).max(8).optional(),
  referenceTaskIds: z.array(Id).max(8).optional(),
});
export type A2AMessage = z.infer<typeof A2AMessage>;

export const A2ATaskStatus = z.strictObject({
  state: TaskState,
  message: A2AMessage.optional(),
  timestamp: z.string().datetime(),
});
export type A2ATaskStatus = z.infer<typeof A2ATaskStatus>;

export const A2AArtifact = z.strictObject({
  artifactId: Id,
  name: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
  parts: z.array(A2APart).min(1).max(8),
  metadata: Meta.optional(),
});
export type A2AArtifact = z.infer<typeof A2AArtifact>;

export const A2ATask = z.strictObject({
  id: Id,
  contextId: Id,
  status: A2ATaskStatus,
  artifacts: z.array(A2AArtifact).max(8).optional(),
  history: z.array(A2AMessage).max(16).optional(),
  metadata: Meta.optional(),
});
export type A2ATask = z.infer<typeof A2ATask>;

/** A2A's TaskStatusUpdateEvent: what a subscriber hears when a task changes state. */
export const A2AStatusUpdate = z.strictObject({
  taskId: Id,
  contextId: Id,
  status: A2ATaskStatus,
  metadata: Meta.optional(),
});
export type A2AStatusUpdate = z.infer<typeof A2AStatusUpdate>;

/** `SendMessage`'s params: the person's words in text parts and the ask-as-me credential in the request's metadata. */
export const SendMessageParams = z.strictObject({
  tenant: z.string().max(64).optional(),
  message: A2AMessage.refine((m) => m.role === 'ROLE_USER', 'a message to an agent is from ROLE_USER'),
  configuration: z
    .strictObject({
      acceptedOutputModes: z.array(z.string().max(100)).max(8).optional(),
      historyLength: z.number().int().nonnegative().max(16).optional(),
      returnImmediately: z.boolean().optional(),
    })
    .optional(),
  metadata: z.strictObject({ askAsMe: AskAsMeCredential }),
});
export type SendMessageParams = z.infer<typeof SendMessageParams>;

export const GetTaskParams = z.strictObject({
  tenant: z.string().max(64).optional(),
  id: Id,
  historyLength: z.number().int().nonnegative().max(16).optional(),
});
export type GetTaskParams = z.infer<typeof GetTaskParams>;

export const CancelTaskParams = z.strictObject({
  tenant: z.string().max(64).optional(),
  id: Id,
  metadata: Meta.optional(),
});
export type CancelTaskParams = z.infer<typeof CancelTaskParams>;

/** The JSON-RPC error codes A2A reserves, for the refusals that have one (A2A §JSON-RPC error codes). */
export const A2A_ERROR_CODES = {
  TASK_NOT_FOUND: -32001,
  TASK_NOT_CANCELABLE: -32002,
  UNSUPPORTED_OPERATION: -32004,
  CONTENT_TYPE_NOT_SUPPORTED: -32005,
} as const;

// ── the page methods, as the background sees them after unwrapping a PageRelay ──────────────────────────────────

export const PageSendMessageRequest = z.strictObject({ type: z.literal('SendMessage'), params: SendMessageParams });
export const PageGetTaskRequest = z.strictObject({ type: z.literal('GetTask'), params: GetTaskParams });
export const PageCancelTaskRequest = z.strictObject({ type: z.literal('CancelTask'), params: CancelTaskParams });

export const A2A_PAGE_REQUESTS = [PageSendMessageRequest, PageGetTaskRequest, PageCancelTaskRequest] as const;
/** `SendMessage` answers as A2A's SendMessageResponse does in JSON (`{ task }`); the other two with the Task itself. */
export const SendMessageReply = z.strictObject({ task: A2ATask });
export const A2A_PAGE_REPLIES = { SendMessage: SendMessageReply, GetTask: A2ATask, CancelTask: A2ATask } as const;
