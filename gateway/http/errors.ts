import type { Context } from 'hono';
import { Refusal, toHttpError, toJsonRpcError } from '../errors';

/**
 * The one place errors become responses for the plain routes (STYLE: Hono). A Refusal is its status and sentence;
 * anything else is logged here and answered without its stack. On /a2a the answer stays JSON-RPC.
 */
export function onGatewayError(error: Error, c: Context): Response {
  if (!(error instanceof Refusal)) console.error(`[gateway] ${c.req.method} ${c.req.path}:`, error);
  if (c.req.path === '/a2a') {
    return c.json(
      { jsonrpc: '2.0', id: null, error: toJsonRpcError(error) },
      error instanceof Refusal && error.status === 401 ? 401 : 200,
    );
  }
  const { status, body } = toHttpError(error);
  if (status === 401) c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
  return c.json(body, status as 400);
}
