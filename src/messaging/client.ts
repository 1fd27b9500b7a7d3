import { describeZodError, fail, HomeError, ok, type Result } from '../protocol/errors';
import {
  EXTENSION_REPLIES,
  WireReply,
  type ExtensionRequest,
  type ExtensionRequestType,
  type ReplyOf,
} from '../protocol/messages/index';

/** `browser.runtime.sendMessage`, or a fake in tests. */
export type SendMessage = (message: unknown) => Promise<unknown>;

/**
 * Sends one request to the background and checks what comes back: the reply envelope, then the reply schema of
 * that request type. The faces never render an unchecked reply; a missing or malformed one becomes a WireError.
 */
export async function requestBackground<T extends ExtensionRequestType>(
  send: SendMessage,
  message: Extract<ExtensionRequest, { type: T }>,
): Promise<Result<ReplyOf<T>>> {
  let raw: unknown;
  try {
    raw = await send(message);
  } catch {
    return fail(new HomeError('NO_ANSWER', "Home Agent's background did not answer; try again in a moment."));
  }
  // No reply at all: the channel closed before the background answered (its worker stopped mid-request, as in
  // e2e/faults-worker-stop.spec.ts) — said as such, not as a malformed reply.
  if (raw === undefined)
    return fail(new HomeError('NO_ANSWER', "Home Agent's background did not answer; try again in a moment."));
  const envelope = WireReply.safeParse(raw);
  if (!envelope.success)
    return fail(
      new HomeError('BAD_REPLY', `The background's reply was malformed. ${describeZodError(envelope.error)}`),
    );
  if (!envelope.data.ok) return envelope.data;
  const schema = EXTENSION_REPLIES[message.type as T];
  const data = schema.safeParse(envelope.data.data);
  if (!data.success)
    return fail(new HomeError('BAD_REPLY', `The background's reply was malformed. ${describeZodError(data.error)}`));
  return ok(data.data as ReplyOf<T>);
}
