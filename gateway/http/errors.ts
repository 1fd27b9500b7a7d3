import type { Context } from 'hono';
import { Refusal, toHttpError, toJsonRpcError } from '../errors';
import { problemResponse } from './problem';

/** The Retry-After seconds a 429 refusal carries. */
export const retryAfterOf = (error: unknown): number | null => {
  const seconds = error instanceof Refusal ? error.details?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' ? seconds : null;
};

/**
 * The one place errors become responses for the plain routes (STYLE: Hono). A Refusal is its status and sentence,
 * as a problem document (RFC 9457); anything else is logged here and answered without its stack. On /a2a the answer
 * stays JSON-RPC.
 */
export function onGatewayError(error: Error, c: Context): Response {
  if (!(error instanceof Refusal)) console.error(`[gateway] ${c.req.method} ${c.req.path}:`, error);
  const retryAfter = retryAfterOf(error);
  if (c.req.path === '/a2a') {
    const status = error instanceof Refusal && (error.status === 401 || error.status === 429) ? error.status : 200;
    if (retryAfter !== null) c.header('Retry-After', String(retryAfter));
    return c.json({ jsonrpc: '2.0', id: null, error: toJsonRpcError(error) }, status as 200);
  }
  const { body } = toHttpError(error);
  const headers: Record<string, string> = {};
  if (body.status === 401) headers['WWW-Authenticate'] = 'Bearer error="invalid_token"';
  if (retryAfter !== null) headers['Retry-After'] = String(retryAfter);
  return problemResponse(body, headers);
}
