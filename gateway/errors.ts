import { HomeError } from '../src/protocol/errors';

/**
 * A refusal in words (seed 000, DESIGN §10): every "no" the gateway says carries a stable code (`not_entitled`,
 * `coach_unconfigured`, …, the gateway's wire vocabulary), the HTTP-like status it stands for, and the sentence a
 * person reads. It is mapped to a response in one place: `toJsonRpcError` for A2A calls, `toHttpError` (a problem document)
 * for the plain routes (sign-in, wires). Authentication failures are HTTP 401; everything else on /a2a is a JSON-RPC error whose
 * `data` carries `{ code, status }`.
 */
export class Refusal extends HomeError {
  readonly status: number;
  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.status = status;
  }
}

/** The refusals with a fixed code, so the sentence is the only thing that varies. */
export const refuse = {
  badRequest: (message: string, code = 'bad_request') => new Refusal(400, code, message),
  unauthenticated: (message: string) => new Refusal(401, 'unauthenticated', message),
  forbidden: (code: string, message: string) => new Refusal(403, code, message),
  notFound: (message: string, code = 'not_found') => new Refusal(404, code, message),
  precondition: (code: string, message: string) => new Refusal(412, code, message),
  noReply: (message: string) => new Refusal(502, 'coach_no_reply', message),
  unconfigured: () =>
    new Refusal(
      503,
      'coach_unconfigured',
      'HeartCoach is not configured here: no model key is set, so it cannot answer.',
    ),
  unreachable: (message: string) => new Refusal(503, 'coach_unreachable', message),
  /** Over a rate limit: 429, with the seconds until the window turns (the Retry-After header). */
  tooMany: (message: string, retryAfterSeconds: number) =>
    new Refusal(429, 'rate_limited', message, { details: { retryAfterSeconds } }),
  canceled: () =>
    new Refusal(
      409,
      'consultation_canceled',
      'The consultation was canceled; HeartCoach stopped before its next step.',
    ),
};

/** JSON-RPC 2.0 error codes (§5.1) and the one implementation-defined code every application refusal uses. */
export const JSON_RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Implementation-defined server error (-32000…-32099, clear of A2A's -32001…-32009): a refusal in words. */
  REFUSED: -32000,
} as const;

/** A2A's own JSON-RPC error codes (specification §5.4), the ones HeartCoach answers itself. */
export const A2A = {
  TASK_NOT_FOUND: -32001,
  TASK_NOT_CANCELABLE: -32002,
  UNSUPPORTED_OPERATION: -32004,
  VERSION_NOT_SUPPORTED: -32009,
} as const;

export type JsonRpcError = { code: number; message: string; data: { code: string; status: number } };

/** Maps anything thrown while answering an A2A call to a JSON-RPC error; an unexpected error says so, without its stack. */
export function toJsonRpcError(error: unknown): JsonRpcError {
  if (error instanceof Refusal) {
    const code = error.status === 400 ? JSON_RPC.INVALID_PARAMS : JSON_RPC.REFUSED;
    return { code, message: error.message, data: { code: error.code, status: error.status } };
  }
  return {
    code: JSON_RPC.INTERNAL_ERROR,
    message: 'Something went wrong inside HeartCoach; nothing was changed.',
    data: { code: 'internal', status: 500 },
  };
}

/**
 * A problem document (RFC 9457, `application/problem+json`): `type` names the refusal (`urn:heartcoach:problem:<code>`),
 * `title` the status in a few words, `detail` the sentence a person reads, and `code` the refusal's code beside them.
 */
export type Problem = { type: string; title: string; status: number; detail: string; code: string };

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  412: 'Precondition failed',
  413: 'Too large',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Unavailable',
};

export const problemOf = (status: number, code: string, detail: string): Problem => ({
  type: `urn:heartcoach:problem:${code}`,
  title: TITLES[status] ?? 'Refused',
  status,
  detail,
  code,
});

/** The same mapping for the plain HTTP routes: status and a problem document. */
export function toHttpError(error: unknown): { status: number; body: Problem } {
  if (error instanceof Refusal)
    return { status: error.status, body: problemOf(error.status, error.code, error.message) };
  return {
    status: 500,
    body: problemOf(500, 'internal', 'Something went wrong inside HeartCoach; nothing was changed.'),
  };
}
