import type { Context } from 'hono';
import { problemOf, type Problem } from '../errors';

export const PROBLEM_TYPE = 'application/problem+json';

/** A problem document as the response (RFC 9457): its status, `application/problem+json`, and nothing cached. */
export function problemResponse(body: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': PROBLEM_TYPE, 'cache-control': 'no-store', ...headers },
  });
}

/** The refusal for a plain route, in words: `problem(c, 404, 'not_found', '…')`. */
export const problem = (_c: Context, status: number, code: string, detail: string, headers?: Record<string, string>) =>
  problemResponse(problemOf(status, code, detail), headers);
