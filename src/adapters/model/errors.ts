import * as Anthropic from '@anthropic-ai/sdk/core/error';
import { HomeError } from '../../protocol/errors';

/**
 * Every way a model call fails, as a HomeError whose message is a sentence the person can read (the harness puts
 * it in plannerTrace and, for a skill, in the reply). Nothing from the request is echoed: never the key, never the
 * prompt. The provider's own error message is kept short, since it can quote the request.
 */
export type ModelFailureCode =
  | 'MODEL_CANCELLED'
  | 'MODEL_TIMEOUT'
  | 'MODEL_UNREACHABLE'
  | 'MODEL_AUTH'
  | 'MODEL_RATE_LIMITED'
  | 'MODEL_OVERLOADED'
  | 'MODEL_REQUEST_REFUSED'
  | 'MODEL_FAILED'
  | 'MODEL_OUTPUT_INVALID';

export const modelError = (code: ModelFailureCode, message: string, details?: Record<string, unknown>): HomeError =>
  new HomeError(code, message, details === undefined ? {} : { details });

/** Overload (529, overloaded_error) and rate limiting (429) are worth another try after a pause; nothing else is. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Anthropic.APIError) || error instanceof Anthropic.APIConnectionError) return false;
  if (error.status === 529 || error.status === 429) return true;
  const type = (error.error as { error?: { type?: unknown } } | undefined)?.error?.type;
  return type === 'overloaded_error';
}

/** The pause a retry-after header asks for, in ms, when it gives one. */
export function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof Anthropic.APIError)) return null;
  const value = error.headers?.get('retry-after');
  if (value === null || value === undefined) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

/** Maps whatever the SDK threw to a HomeError in words; `attempts` counts tries made, `tier` says which model. */
export function toModelError(
  error: unknown,
  context: { attempts: number; timeoutMs: number; model: string },
): HomeError {
  if (error instanceof HomeError) return error;
  const tries = context.attempts === 1 ? 'once' : `${context.attempts} times`;
  if (error instanceof Anthropic.APIUserAbortError)
    return modelError('MODEL_CANCELLED', 'The model call was cancelled.');
  if (error instanceof Anthropic.APIConnectionTimeoutError) {
    return modelError(
      'MODEL_TIMEOUT',
      `The model (${context.model}) did not answer within ${Math.round(context.timeoutMs / 1000)} s.`,
    );
  }
  if (error instanceof Anthropic.APIConnectionError)
    return modelError('MODEL_UNREACHABLE', 'The model endpoint could not be reached.');
  if (error instanceof Anthropic.APIError) {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) {
      return modelError(
        'MODEL_AUTH',
        `The model endpoint refused the key (${status}); check the model key in your Home's settings.`,
        { status },
      );
    }
    if (status === 429)
      return modelError('MODEL_RATE_LIMITED', `The model endpoint is rate-limiting this key; tried ${tries}.`, {
        status,
      });
    if (isRetryable(error))
      return modelError('MODEL_OVERLOADED', `The model is overloaded right now; tried ${tries}.`, { status });
    if (status >= 400 && status < 500) {
      const said = (error.error as { error?: { message?: unknown } } | undefined)?.error?.message;
      return modelError(
        'MODEL_REQUEST_REFUSED',
        `The model endpoint refused the request (${status}${typeof said === 'string' ? `: ${short(said)}` : ''}).`,
        { status },
      );
    }
    return modelError('MODEL_FAILED', `The model endpoint failed (${status}).`, { status });
  }
  return modelError('MODEL_FAILED', 'The model call failed.');
}
