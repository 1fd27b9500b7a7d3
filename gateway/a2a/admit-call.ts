import { describeZodError } from '../../src/protocol/errors';
import { JSON_RPC } from '../errors';
import { DEFAULT_SKILL, Envelope, METHODS, V03SendParams, V1SendParams, type ProtocolVersion } from './envelope';

export type RpcId = string | number | null;
export type RpcFailure = { id: RpcId; code: number; message: string; data: { code: string; status: number } };
export type AdmittedCall = { id: RpcId; version: ProtocolVersion; envelope: Record<string, unknown>; skill: string };

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

/**
 * Step 0 of seed 000, before anyone is asked who they are: the body must be one JSON-RPC 2.0 request (-32700 not JSON,
 * -32600 not a request), the method one we serve in the version the `A2A-Version` header names (-32601), the
 * parameters well formed (-32602), and the skill on the card (-32602 with the list of known ones). A message that
 * names no skill asks the default one, heartcoach.ask (the spec makes message metadata optional).
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
  const method = envelope.data.method;
  const version: ProtocolVersion | null = method === METHODS['1.0'] ? '1.0' : method === METHODS['0.3'] ? '0.3' : null;
  if (version === null) {
    return fail(
      id,
      JSON_RPC.METHOD_NOT_FOUND,
      `The method "${method.slice(0, 60)}" is not served here; HeartCoach serves SendMessage (A2A 1.0) and message/send (A2A 0.3).`,
      'method_not_found',
      404,
    );
  }
  const declared = versionHeader?.trim() || '0.3';
  if (declared !== version) {
    return fail(
      id,
      JSON_RPC.METHOD_NOT_FOUND,
      `${method} is not an A2A ${declared} method; under A2A-Version ${declared} send ${METHODS[declared as ProtocolVersion] ?? 'SendMessage with A2A-Version: 1.0'}.`,
      'method_not_found',
      404,
    );
  }
  const params = (version === '1.0' ? V1SendParams : V03SendParams).safeParse(envelope.data.params);
  if (!params.success)
    return fail(
      id,
      JSON_RPC.INVALID_PARAMS,
      `The parameters were refused — ${describeZodError(params.error).replace(/^The input was refused — /, '')}`,
      'bad_params',
    );
  const skill = params.data.message.metadata?.skill ?? DEFAULT_SKILL;
  if (!skills.includes(skill)) {
    return fail(
      id,
      JSON_RPC.INVALID_PARAMS,
      `Unknown skill "${skill.slice(0, 60)}"; the skills on the card are ${skills.join(', ')}.`,
      'unknown_skill',
    );
  }
  const message = { ...params.data.message, metadata: { ...params.data.message.metadata, skill } };
  const normalised =
    version === '0.3'
      ? {
          ...envelope.data,
          params: { ...params.data, message: { kind: 'message', messageId: `m-${id ?? 'none'}`, ...message } },
        }
      : { ...envelope.data, params: { ...params.data, message } };
  return { ok: true, call: { id, version, envelope: normalised, skill } };
}
