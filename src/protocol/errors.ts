import { z } from 'zod';

/**
 * The one error of Home Agent (STYLE rule 9): a stable UPPER_SNAKE code, a message a person understands, optional
 * details and a cause. It crosses a context (worker → page, gateway → caller) only as a zod-checked WireError:
 * never a stack, never a raw ZodError. Every code the extension side uses is listed, with its meaning, in
 * ./error-codes.ts (its test fails on one that is not).
 */
export class HomeError extends Error {
  override readonly name = 'HomeError';
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, options: { details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}

export const ErrorCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'an UPPER_SNAKE error code');

export const WireError = z.strictObject({
  code: ErrorCode,
  message: z.string().min(1).max(2000),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type WireError = z.infer<typeof WireError>;

/** Turns anything thrown into a WireError a person can read; an unexpected error says so without its stack. */
export function toWireError(error: unknown): WireError {
  if (error instanceof HomeError) {
    const wire: WireError = { code: error.code, message: error.message.slice(0, 2000) || error.code };
    if (error.details !== undefined) wire.details = error.details;
    return wire;
  }
  if (error instanceof z.ZodError) return { code: 'BAD_INPUT', message: describeZodError(error) };
  return { code: 'INTERNAL', message: 'Something went wrong inside Home Agent; nothing was changed.' };
}

/** A ZodError in one sentence: where and what, without echoing the value (it may be large or hostile). */
export function describeZodError(error: z.ZodError, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the message';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return `The input was refused — ${parts.join('; ')}${more}.`;
}

/** A reply across a boundary: data, or a WireError in words. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: WireError };
export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (error: unknown): Result<never> => ({ ok: false, error: toWireError(error) });
