import { z } from 'zod';
import { TaskState } from '../../src/protocol/a2a-task';
import { V03SendParams, V1SendParams } from './envelope';

/** The protocol versions served, each on the same endpoint; the `A2A-Version` header chooses (absent: 0.3). */
export const PROTOCOL_VERSIONS = ['1.0', '0.3'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

const TaskId = z.string().min(1).max(128);
const Tenant = z.string().max(100).optional();
const Data = z.record(z.string(), z.unknown());
const HistoryLength = z.number().int().nonnegative().max(1000).optional();

const V1GetTask = z.strictObject({ tenant: Tenant, id: TaskId, historyLength: HistoryLength });
const V1ListTasks = z.strictObject({
  tenant: Tenant,
  contextId: z.string().max(128).optional(),
  status: TaskState.optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
  pageToken: z.string().max(400).optional(),
  historyLength: HistoryLength,
  statusTimestampAfter: z.iso.datetime({ offset: true }).optional(),
  includeArtifacts: z.boolean().optional(),
});
const V1CancelTask = z.strictObject({ tenant: Tenant, id: TaskId, metadata: Data.optional() });
const V1TaskRef = z.strictObject({ tenant: Tenant, id: TaskId });
const V03TaskQuery = z.strictObject({ id: TaskId, historyLength: HistoryLength, metadata: Data.optional() });
const V03TaskRef = z.strictObject({ id: TaskId, metadata: Data.optional() });
/** Methods HeartCoach does not offer (push notifications, the extended card): a2a-js answers them in the spec's codes. */
const Unoffered = Data.optional();

export type MethodKind = 'send' | 'stream' | 'task' | 'subscribe';
type Method = { version: ProtocolVersion; kind: MethodKind; params: z.ZodType };

/**
 * Every method served, by name, with its version and the parameters checked before a2a-js reads them. `send` and
 * `stream` carry a message (its skill checked against the card); `task` and `subscribe` name a task the caller owns;
 * `stream` and `subscribe` answer as server-sent events.
 */
export const METHODS: Readonly<Record<string, Method>> = {
  SendMessage: { version: '1.0', kind: 'send', params: V1SendParams },
  SendStreamingMessage: { version: '1.0', kind: 'stream', params: V1SendParams },
  GetTask: { version: '1.0', kind: 'task', params: V1GetTask },
  ListTasks: { version: '1.0', kind: 'task', params: V1ListTasks },
  CancelTask: { version: '1.0', kind: 'task', params: V1CancelTask },
  SubscribeToTask: { version: '1.0', kind: 'subscribe', params: V1TaskRef },
  CreateTaskPushNotificationConfig: { version: '1.0', kind: 'task', params: Unoffered },
  GetTaskPushNotificationConfig: { version: '1.0', kind: 'task', params: Unoffered },
  ListTaskPushNotificationConfigs: { version: '1.0', kind: 'task', params: Unoffered },
  DeleteTaskPushNotificationConfig: { version: '1.0', kind: 'task', params: Unoffered },
  GetExtendedAgentCard: { version: '1.0', kind: 'task', params: Unoffered },
  'message/send': { version: '0.3', kind: 'send', params: V03SendParams },
  'message/stream': { version: '0.3', kind: 'stream', params: V03SendParams },
  'tasks/get': { version: '0.3', kind: 'task', params: V03TaskQuery },
  'tasks/cancel': { version: '0.3', kind: 'task', params: V03TaskRef },
  'tasks/resubscribe': { version: '0.3', kind: 'subscribe', params: V03TaskRef },
  'tasks/pushNotificationConfig/set': { version: '0.3', kind: 'task', params: Unoffered },
  'tasks/pushNotificationConfig/get': { version: '0.3', kind: 'task', params: Unoffered },
  'tasks/pushNotificationConfig/list': { version: '0.3', kind: 'task', params: Unoffered },
  'tasks/pushNotificationConfig/delete': { version: '0.3', kind: 'task', params: Unoffered },
  'agent/getAuthenticatedExtendedCard': { version: '0.3', kind: 'task', params: Unoffered },
};

/** The same operation under the other version's name, for a refusal that says what to send instead. */
export const COUNTERPART: Readonly<Record<string, string>> = {
  SendMessage: 'message/send',
  SendStreamingMessage: 'message/stream',
  GetTask: 'tasks/get',
  CancelTask: 'tasks/cancel',
  SubscribeToTask: 'tasks/resubscribe',
  'message/send': 'SendMessage',
  'message/stream': 'SendStreamingMessage',
  'tasks/get': 'GetTask',
  'tasks/cancel': 'CancelTask',
  'tasks/resubscribe': 'SubscribeToTask',
};

/** The version an `A2A-Version` header names (Major.Minor; a patch number is ignored), or null when none served. */
export function versionOf(header: string | undefined): { ok: true; version: ProtocolVersion } | { ok: false } {
  const declared = header?.trim() ?? '';
  if (declared === '') return { ok: true, version: '0.3' };
  const match = /^(\d{1,3})\.(\d{1,3})(?:\.\d{1,3})?$/.exec(declared);
  const version = match === null ? null : `${Number(match[1])}.${Number(match[2])}`;
  return PROTOCOL_VERSIONS.includes(version as ProtocolVersion)
    ? { ok: true, version: version as ProtocolVersion }
    : { ok: false };
}
