import { describeZodError } from '../../src/protocol/errors';
import { A2A, JSON_RPC } from '../errors';
import { DEFAULT_SKILL, Envelope } from './envelope';
import { COUNTERPART, METHODS, versionOf, type MethodKind, type ProtocolVersion } from './methods';

export type RpcId = string | number | null;
export type RpcFailure = { id: RpcId; code: number; message: string; data: { code: string; status: number } };
export type AdmittedCall = {
  id: RpcId;
  version: ProtocolVersion;
  method: string;
  kind: MethodKind;
  envelope: Record<string, unknown>;
  /** The skill a message asks (the default when it names none); null for the task methods. */
  skill: string | null;
  /** SendMessage with `returnImmediately` (v1.0) or `blocking: false` (v0.3): the task answers before the coach. */
  immediate: boolean;
};

const fail = (
  id: RpcId,
  code: number,
  message: string,
  dataCode: string,
  status = 400,
): { ok: false; failure: RpcFailure } => ({
  ok: false,
  failure: { id, code, message, data: { code: dataCode, status } },
});

type SendParams = {
  message: { metadata?: { skill?: string }; [key: string]: unknown };
  configuration?: { returnImmediately?: boolean; blocking?: boolean };
  [key: string]: unknown;
};

/**
 * Step 0 of seed 000, once the bearer is verified: the body must be one JSON-RPC 2.0 request (-32700 not JSON,
 * -32600 not a request), the `A2A-Version` one served (-32009, absent means 0.3), the method one of that version's
 * (-32601), the parameters well formed (-32602), and a message's skill on the card (-32602 with the list of known
 * ones). A message that names no skill asks the default one, heartcoach.ask (the spec makes message metadata optional).
 */
export function admitCall(
  raw: string,
  versionHeader: string | undefined,
  skills: readonly string[],
): { ok: true; call: AdmittedCall } | { ok: false; failure: RpcFailure } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return fail(
      null,
      JSON_RPC.PARSE_ERROR,
      raw.trim() === '' ? 'The request has no body.' : 'The request body is not JSON.',
      'parse_error',
    );
  }
  if (Array.isArray(body))
    return fail(null, JSON_RPC.INVALID_REQUEST, 'Batch requests are not served; send one request.', 'invalid_request');
  const rawId = (body as { id?: unknown } | null)?.id;
  const idOf = (): RpcId =>
    typeof rawId === 'string' || (typeof rawId === 'number' && Number.isInteger(rawId)) ? rawId : null;
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) {
    return fail(
      idOf(),
      JSON_RPC.INVALID_REQUEST,
      `Not a JSON-RPC 2.0 request — ${describeZodError(envelope.error)}`,
      'invalid_request',
    );
  }
  const id = envelope.data.id ?? null;
  const declared = versionOf(versionHeader);
  if (!declared.ok) {
    return fail(
      id,
      A2A.VERSION_NOT_SUPPORTED,
      `A2A-Version ${(versionHeader ?? '').trim().slice(0, 20)} is not supported; HeartCoach speaks A2A 1.0 and 0.3.`,
      'version_not_supported',
    );
  }
  const { version } = declared;
  const method = envelope.data.method;
  const served = METHODS[method];
  if (served === undefined) {
    return fail(
      id,
      JSON_RPC.METHOD_NOT_FOUND,
      `The method "${method.slice(0, 60)}" is not served here; under A2A-Version ${version} HeartCoach serves ${Object.keys(
        METHODS,
      )
        .filter((m) => METHODS[m]!.version === version)
        .join(', ')}.`,
      'method_not_found',
      404,
    );
  }
  if (served.version !== version) {
    const instead = COUNTERPART[method];
    return fail(
      id,
      JSON_RPC.METHOD_NOT_FOUND,
      `${method} is not an A2A ${version} method; ` +
        (instead === undefined
          ? `send it with A2A-Version: ${served.version}.`
          : `under A2A-Version ${version} send ${instead}, or send ${method} with A2A-Version: ${served.version}.`),
      'method_not_found',
      404,
    );
  }
  const params = served.params.safeParse(envelope.data.params);
  if (!params.success)
    return fail(
      id,
      JSON_RPC.INVALID_PARAMS,
      `The parameters were refused — ${describeZodError(params.error).replace(/^The input was refused — /, '')}`,
      'bad_params',
    );
  const base = { id, version, method, kind: served.kind };
  if (served.kind === 'task' || served.kind === 'subscribe') {
    const taskParams = (params.data ?? {}) as Record<string, unknown>;
    return {
      ok: true,
      call: { ...base, envelope: { ...envelope.data, params: taskParams }, skill: null, immediate: false },
    };
  }
  const send = params.data as SendParams;
  const skill = send.message.metadata?.skill ?? DEFAULT_SKILL;
  if (!skills.includes(skill)) {
    return fail(
      id,
      JSON_RPC.INVALID_PARAMS,
      `Unknown skill "${skill.slice(0, 60)}"; the skills on the card are ${skills.join(', ')}.`,
      'unknown_skill',
    );
  }
  const message = { ...send.message, metadata: { ...send.message.metadata, skill } };
  const normalised =
    version === '0.3'
      ? {
          ...envelope.data,
          params: { ...send, message: { kind: 'message', messageId: `m-${id ?? 'none'}`, ...message } },
        }
      : { ...envelope.data, params: { ...send, message } };
  const immediate =
    served.kind === 'send' &&
    (send.configuration?.returnImmediately === true || send.configuration?.blocking === false);
  return { ok: true, call: { ...base, envelope: normalised, skill, immediate } };
}
