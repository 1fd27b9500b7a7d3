import { JsonRpcTransportHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import type { Context } from 'hono';
import { Refusal, toJsonRpcError } from '../errors';
import { retryAfterOf } from '../http/errors';
import { admitCall, type RpcFailure, type RpcId } from './admit-call';
import { AUTHORIZATION_KEY, REFUSAL_KEY, type CoachRequestHandler } from './request-handler';

type RpcResponse = { jsonrpc: '2.0'; id: RpcId; result?: unknown; error?: unknown };

/**
 * POST /a2a: the envelope is admitted here (gateway/a2a/admit-call.ts), then a2a-js's framework-free JSON-RPC handler
 * (v1.0, or its v0.3 compatibility layer) converts the message and the answer. A refusal thrown by the consultation is
 * mapped in one place (`toJsonRpcError`): HTTP 401 for authentication, otherwise a JSON-RPC error whose data carries
 * `{ code, status }`.
 */
export function a2aTransport(handler: CoachRequestHandler, skills: readonly string[]) {
  const v1 = new JsonRpcTransportHandler(handler);
  const v03 = new LegacyJsonRpcTransportHandler(handler);
  return async (c: Context): Promise<Response> => {
    const admitted = admitCall(await c.req.text(), c.req.header('A2A-Version'), skills);
    if (!admitted.ok) return c.json(failure(admitted.failure), 200);
    const { call } = admitted;
    const context = new ServerCallContext({ requestedVersion: call.version });
    context.state.set(AUTHORIZATION_KEY, c.req.header('Authorization'));
    const transport = call.version === '1.0' ? v1 : v03;
    const response = (await transport.handle(call.envelope, context)) as RpcResponse;
    const refusal = context.state.get(REFUSAL_KEY);
    if (refusal === undefined) return c.json(response, 200);
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
    return c.json({ jsonrpc: '2.0', id: call.id, error }, 200);
  };
}

const failure = (f: RpcFailure): RpcResponse => ({
  jsonrpc: '2.0',
  id: f.id,
  error: { code: f.code, message: f.message, data: f.data },
});
