import { JsonRpcTransportHandler, ServerCallContext, type DefaultRequestHandler } from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import type { Context } from 'hono';
import { verifyBearer, type BearerPolicy } from '../auth/verify-bearer';
import { Refusal, toJsonRpcError } from '../errors';
import { retryAfterOf } from '../http/errors';
import { admitCall, type RpcFailure, type RpcId } from './admit-call';
import { AUTHORIZATION_KEY, REFUSAL_KEY, REFUSED_TASK_KEY } from './consultation';
import { sseResponse } from './sse';

type RpcResponse = { jsonrpc: '2.0'; id: RpcId; result?: unknown; error?: unknown };

/**
 * POST /a2a. Who is asking comes first: without a bearer HeartCoach trusts, the answer is HTTP 401 before the body
 * is read. Then the envelope is admitted (gateway/a2a/admit-call.ts) and a2a-js's framework-free JSON-RPC handler
 * (v1.0, or its v0.3 compatibility layer) runs the call against the request handler; streams answer as
 * server-sent events. A refusal that ended a consultation is answered as the JSON-RPC error it is, mapped in one
 * place (`toJsonRpcError`), its data naming the task that recorded it.
 */
export function a2aTransport(handler: DefaultRequestHandler, skills: readonly string[], bearer: BearerPolicy) {
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
    const context = new ServerCallContext({
      requestedVersion: call.version,
      user: { isAuthenticated: true, userName: subject.address },
    });
    context.state.set(AUTHORIZATION_KEY, authorization);
    const transport = call.version === '1.0' ? v1 : v03;
    const answer = await transport.handle(call.envelope, context);
    if (isStream(answer)) return sseResponse(answer, call.id, call.version);
    const response = answer as RpcResponse;
    const refusal = context.state.get(REFUSAL_KEY);
    if (refusal === undefined || call.immediate) return c.json(response, 200);
    const error = toJsonRpcError(refusal);
    if (refusal instanceof Refusal && refusal.status === 401) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return c.json({ jsonrpc: '2.0', id: call.id, error }, 401);
    }
    const retryAfter = retryAfterOf(refusal);
    if (retryAfter !== null) {
      c.header('Retry-After', String(retryAfter));
      return c.json({ jsonrpc: '2.0', id: call.id, error }, 429);
    }
    const taskId = context.state.get(REFUSED_TASK_KEY) as string | undefined;
    return c.json(
      { jsonrpc: '2.0', id: call.id, error: { ...error, data: { ...error.data, ...(taskId ? { taskId } : {}) } } },
      200,
    );
  };
}

const isStream = (value: unknown): value is AsyncGenerator<unknown> =>
  typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';

const failure = (f: RpcFailure): RpcResponse => ({
  jsonrpc: '2.0',
  id: f.id,
  error: { code: f.code, message: f.message, data: f.data },
});
