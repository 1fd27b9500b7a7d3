/**
 * `window.homeAgent` rejects as wallets do (EIP-1193 §Errors, JSON-RPC 2.0): a numeric `code` a library can switch
 * on, our sentence as `message`, and our stable UPPER_SNAKE code (with any details) in `data`, so an app that read
 * the string code before reads it at `error.data.code`.
 */
export const PROVIDER_CODES = {
  /** The person declined in Home Agent's own window. */
  userRejected: 4001,
  /** Not authorized: no wire or a revoked or expired one, a bad caller assertion, the Home locked, not connected. */
  unauthorized: 4100,
  /** Home Agent has no such method for pages (eth_* included: it is not an Ethereum provider). */
  unsupportedMethod: 4200,
  /** Home Agent did not answer: updated, reloaded, disabled, or its worker stopped while the request waited. */
  disconnected: 4900,
  /** The request's shape or size was refused. */
  invalidParams: -32602,
  /** Something failed inside Home Agent; nothing was changed. */
  internal: -32603,
  /** Any other refusal in words (an app unreachable, a run not found…): read `data.code`. */
  refused: -32000,
} as const;

const UNAUTHORIZED =
  /^(WIRE_|ASSERTION_|LOCKED$|NOT_CONNECTED$|NOT_YOUR_AGENT$|RUN_NOT_YOURS$|SENDER_NOT_ALLOWED$|PAGE_ORIGIN_UNKNOWN$|PAGE_ORIGIN_NOT_ALLOWED$|FOREIGN_SENDER$|NO_PERSON$)/;

/** The numeric code for one of our string codes. */
export function providerCodeOf(code: string): number {
  if (code === 'DECLINED') return PROVIDER_CODES.userRejected;
  if (code === 'UNKNOWN_METHOD') return PROVIDER_CODES.unsupportedMethod;
  if (code === 'NO_ANSWER') return PROVIDER_CODES.disconnected;
  if (code === 'BAD_INPUT' || code === 'TOO_LARGE' || code === 'BAD_ADDRESSEE') return PROVIDER_CODES.invalidParams;
  if (code === 'INTERNAL') return PROVIDER_CODES.internal;
  if (UNAUTHORIZED.test(code)) return PROVIDER_CODES.unauthorized;
  return PROVIDER_CODES.refused;
}

/** What `data` carries: our code, our sentence again (some libraries show only `data`), and any details. */
export type ProviderErrorData = { code: string; message: string; details?: Record<string, unknown> };

/** An EIP-1193 ProviderRpcError. */
export type ProviderRpcError = Error & { code: number; data: ProviderErrorData };

export function providerError(error: {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}): ProviderRpcError {
  const failure = new Error(error.message) as ProviderRpcError;
  failure.name = 'ProviderRpcError';
  failure.code = providerCodeOf(error.code);
  failure.data = {
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
  return failure;
}
