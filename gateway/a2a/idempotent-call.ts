import { fingerprintOf, IdempotencyKey, type IdempotencyStore } from '../ops/idempotency';
import { JSON_RPC } from '../errors';
import type { AdmittedCall, RpcId } from './admit-call';

/** A JSON-RPC answer before it is sent: what a retry with the same Idempotency-Key gets again. */
export type RpcAnswer = {
  status: number;
  body: { jsonrpc: '2.0'; id: RpcId; [key: string]: unknown };
  headers?: Record<string, string>;
};

const refusal = (id: RpcId, status: number, code: string, message: string, more: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0' as const,
  id,
  error: { code: JSON_RPC.REFUSED, message, data: { code, status, ...more } },
});

/** Answers that are not kept under the key: the caller's side changes (a new token, the next window) and asks again. */
const KEPT = (status: number) => status !== 401 && status !== 429;

/**
 * A SendMessage under an `Idempotency-Key` (gateway/ops/idempotency.ts): the first request with the key runs — its
 * claim renewed while it runs, its task attached — and its answer is kept; a retry of the same request gets that
 * answer under its own JSON-RPC id; a retry while the first still runs, or after its instance died, is told so in
 * words, naming the task; the same key on another request is refused. Streams carry no key: one resumes by its task.
 */
export async function idempotentCall(
  store: IdempotencyStore,
  owner: string,
  header: string,
  call: AdmittedCall,
  run: (onTask: (taskId: string) => void) => Promise<RpcAnswer | Response>,
): Promise<RpcAnswer | Response> {
  const key = IdempotencyKey.safeParse(header);
  if (!key.success)
    return {
      status: 200,
      body: refusal(
        call.id,
        400,
        'bad_idempotency_key',
        'The Idempotency-Key is not one: 1 to 255 visible ASCII characters.',
      ),
    };
  if (call.kind !== 'send')
    return {
      status: 200,
      body: refusal(
        call.id,
        400,
        'bad_idempotency_key',
        'An Idempotency-Key is for SendMessage (message/send); a stream is resumed by its task (SubscribeToTask).',
      ),
    };
  const claim = await store.claim(
    owner,
    key.data,
    fingerprintOf({ method: call.method, params: call.envelope.params }),
  );
  if (claim.kind === 'answered') {
    const body = { ...(claim.body as RpcAnswer['body']), id: call.id };
    return { status: claim.status, body, headers: { 'Idempotent-Replayed': 'true' } };
  }
  if (claim.kind === 'mismatch')
    return {
      status: 422,
      body: refusal(
        call.id,
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for another request; a retry must repeat the same request, and a new request needs a new key.',
      ),
    };
  if (claim.kind === 'running' || claim.kind === 'abandoned') {
    const task = claim.taskId === null ? '' : ` (task ${claim.taskId})`;
    const taskData = claim.taskId === null ? {} : { taskId: claim.taskId };
    return claim.kind === 'running'
      ? {
          status: 409,
          body: refusal(
            call.id,
            409,
            'idempotency_in_flight',
            `HeartCoach is still answering the request sent with this Idempotency-Key${task}; send it again in a moment for its answer.`,
            taskData,
          ),
          headers: { 'Retry-After': String(Math.ceil(store.leaseMs / 1000)) },
        }
      : {
          status: 409,
          body: refusal(
            call.id,
            409,
            'idempotency_abandoned',
            `The request sent with this Idempotency-Key stopped before it was answered — the gateway answering it went away${task}. ` +
              'Nothing was run twice; what it did before it stopped is on the desk' +
              (claim.taskId === null ? '' : ` and in its task`) +
              '. Send the request again with a new Idempotency-Key to ask again.',
            taskData,
          ),
        };
  }
  const renewing = setInterval(() => void store.renew(owner, key.data).catch(() => undefined), store.leaseMs / 3);
  renewing.unref();
  try {
    const answer = await run((taskId) => void store.attach(owner, key.data, taskId).catch(() => undefined));
    if (answer instanceof Response) await store.release(owner, key.data);
    else if (KEPT(answer.status)) await store.finish(owner, key.data, answer.status, answer.body);
    else await store.release(owner, key.data);
    return answer;
  } catch (error) {
    await store.release(owner, key.data).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renewing);
  }
}
