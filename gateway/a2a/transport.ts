import { JsonRpcTransportHandler, ServerCallContext, type DefaultRequestHandler } from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import type { Context } from 'hono';
import { verifyBearer, type BearerPolicy } from '../auth/verify-bearer';
import { Refusal, toJsonRpcError } from '../errors';
import { retryAfterOf } from '../http/errors';
import type { IdempotencyStore } from '../ops/idempotency';
import { admitCall, type AdmittedCall, type RpcFailure, type RpcId } from './admit-call';
import { AUTHORIZATION_KEY, ON_TASK_KEY, REFUSAL_KEY, REFUSED_TASK_KEY } from './consultation';
import { idempotentCall, type RpcAnswer } from './idempotent-call';
import { sseResponse } from './sse';

type RpcResponse = { jsonrpc: '2.0'; id: RpcId; result?: unknown; error?: unknown };

/**
 * POST /a2a. Who is asking comes first: without a bearer HeartCoach trusts, the answer is HTTP 401 before the body
 * is read. Then the envelope is admitted (gateway/a2a/admit-call.ts) and a2a-js's framework-free JSON-RPC handler
 * (v1.0, or its v0.3 compatibility layer) runs the call against the request handler; streams answer as
 * server-sent events. A refusal that ended a consultation is answered as the JSON-RPC error it is, mapped in one
 * place (`toJsonRpcError`), its data naming the task that recorded it. A SendMessage with an `Idempotency-Key`
 * runs once per key across every instance (gateway/a2a/idempotent-call.ts).
 */
export function a2aTransport(
  handler: DefaultRequestHandler,
  skills: readonly string[],
  bearer: BearerPolicy,
  idempotency: IdempotencyStore,
) {
  const v1 = new JsonRpcTransportHandler(handler);
  const v03 = new LegacyJsonRpcTransportHandler(handler);
  return async (c: Context): Promise<Response> => {
    const authorization = c.req.header('Authorization');
    let subject: Awaited<ReturnType<typeof verifyBearer>>;
    try {
      subject = await verifyBearer(bearer, authorization);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return c.json({ jsonrpc: '2.0', id: null, error: toJsonRpcError(error) }, 401);
    }
    const admitted = admitCall(await c.req.text(), c.req.header('A2A-Version'), skills);
    if (!admitted.ok) return c.json(failure(admitted.failure), 200);
    const { call } = admitted;
    const run = async (onTask?: (taskId: string) => void): Promise<RpcAnswer | Response> => {
      const context = new ServerCallContext({
        requestedVersion: call.version,
        user: { isAuthenticated: true, userName: subject.address },
      });
      context.state.set(AUTHORIZATION_KEY, authorization);
      if (onTask !== undefined) context.state.set(ON_TASK_KEY, onTask);
      const transport = call.version === '1.0' ? v1 : v03;
      const answer = await transport.handle(call.envelope, context);
      if (isStream(answer)) return sseResponse(answer, call.id, call.version);
      return answerOf(answer as RpcAnswer['body'], call, context);
    };
    const key = c.req.header('Idempotency-Key');
    const answer = key === undefined ? await run() : await idempotentCall(idempotency, subject.address, key, call, run);
    if (answer instanceof Response) return answer;
    for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
    return c.json(answer.body, answer.status as 200);
  };
}

/** The response to a call that ran: its result, or the refusal that ended its consultation, mapped in one place. */
function answerOf(response: RpcAnswer['body'], call: AdmittedCall, context: ServerCallContext): RpcAnswer {
  const refusal = context.state.get(REFUSAL_KEY);
  if (refusal === undefined || call.immediate) return { status: 200, body: response };
  const error = toJsonRpcError(refusal);
  if (refusal instanceof Refusal && refusal.status === 401)
    return {
      status: 401,
      body: { jsonrpc: '2.0', id: call.id, error },
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    };
  const retryAfter = retryAfterOf(refusal);
  if (retryAfter !== null)
    return {
      status: 429,
      body: { jsonrpc: '2.0', id: call.id, error },
      headers: { 'Retry-After': String(retryAfter) },
    };
  const taskId = context.state.get(REFUSED_TASK_KEY) as string | undefined;
  return {
    status: 200,
    body: { jsonrpc: '2.0', id: call.id, error: { ...error, data: { ...error.data, ...(taskId ? { taskId } : {}) } } },
  };
}

const isStream = (value: unknown): value is AsyncGenerator<unknown> =>
  typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';

const failure = (f: RpcFailure): RpcResponse => ({
  jsonrpc: '2.0',
  id: f.id,
  error: { code: f.code, message: f.message, data: f.data },
});
