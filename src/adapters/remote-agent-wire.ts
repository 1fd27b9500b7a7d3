import { z } from 'zod';

/**
 * What crosses the wire from an outside agent, checked before anything is believed: bodies capped in size, the
 * JSON-RPC envelope and the card's interfaces by schema, and the answer reduced to its words (a text part, or a
 * data part's `say` — HeartCoach's answer shape) plus the data part itself as untrusted material.
 */
const MAX_BODY = 512 * 1024;

class SizeError extends Error {
  override readonly name = 'SizeError';
}

/** The body as JSON, or null when it is not JSON; larger than the cap is an error (never parsed). */
export async function readJson(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY) throw new SizeError('its answer was too large to read');
  const text = await response.text();
  if (text.length > MAX_BODY) throw new SizeError('its answer was too large to read');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const RpcReply = z.object({
  jsonrpc: z.literal('2.0'),
  result: z.unknown().optional(),
  error: z
    .object({
      code: z.number(),
      message: z.string().min(1).max(2000),
      data: z
        .object({ code: z.string().max(120).optional() })
        .passthrough()
        .optional(),
    })
    .optional(),
});

const Card = z.object({
  supportedInterfaces: z
    .array(
      z.object({ url: z.string().max(500), protocolBinding: z.string().max(40), protocolVersion: z.string().max(20) }),
    )
    .max(16),
  skills: z.array(z.object({ id: z.string().max(120) })).max(64),
});

/** The card's A2A 1.0 JSON-RPC endpoint, on the configured origin only, offering this skill. */
export function cardEndpoint(
  card: unknown,
  origin: string,
  skill: string,
): { ok: true; url: string } | { ok: false; code: string; message: string } {
  const parsed = Card.safeParse(card);
  if (!parsed.success)
    return { ok: false, code: 'card_unreadable', message: 'its agent card does not say where or how to ask it' };
  if (!parsed.data.skills.some((s) => s.id === skill))
    return { ok: false, code: 'skill_not_offered', message: `its card does not offer ${skill}` };
  const found = parsed.data.supportedInterfaces.find(
    (i) =>
      i.protocolBinding === 'JSONRPC' &&
      i.protocolVersion === '1.0' &&
      URL.canParse(i.url) &&
      new URL(i.url).origin === origin,
  );
  if (found === undefined)
    return {
      ok: false,
      code: 'card_endpoint',
      message: 'its card names no A2A 1.0 endpoint on the address you connected',
    };
  return { ok: true, url: found.url };
}

const Part = z.union([
  z.object({ text: z.string().max(20_000) }),
  z.object({ data: z.record(z.string(), z.unknown()) }),
]);
const Parts = z.array(Part).max(16);
const Task = z.object({
  artifacts: z
    .array(z.object({ parts: Parts }))
    .max(16)
    .optional(),
  status: z.object({
    state: z.string().max(40),
    message: z
      .object({
        parts: Parts,
        metadata: z
          .object({ code: z.string().max(120).optional() })
          .passthrough()
          .optional(),
      })
      .optional(),
  }),
});

/**
 * A task that did not complete (waiting for input, rejected, failed, canceled): its state and the words of its status
 * message, the agent's refusal. A completed task, a message, or anything else: null.
 */
export function unfinishedOf(result: unknown): { code: string; message: string } | null {
  const parsed = z.object({ task: Task }).safeParse(result);
  if (!parsed.success || parsed.data.task.status.state === 'TASK_STATE_COMPLETED') return null;
  const { state, message } = parsed.data.task.status;
  const named = state.replace(/^TASK_STATE_/, '').toLowerCase();
  const words = message?.parts.find((p): p is { text: string } => 'text' in p)?.text;
  return {
    code: message?.metadata?.code ?? named,
    message: words !== undefined && words.trim() !== '' ? words : `it left the task ${named}`,
  };
}
const Result = z.union([
  z.object({ message: z.object({ parts: Parts }) }),
  z.object({ task: Task }),
  z.object({ parts: Parts }),
]);

/**
 * The words of an answer and its data part (untrusted material), or null when it carries neither. The answer is a
 * Message, or a Task whose artifacts (else its status message) carry it.
 */
export function answerOf(result: unknown): { text: string; data?: Record<string, unknown> } | null {
  const parsed = Result.safeParse(result);
  if (!parsed.success) return null;
  const parts =
    'message' in parsed.data
      ? parsed.data.message.parts
      : 'task' in parsed.data
        ? [
            ...(parsed.data.task.artifacts ?? []).flatMap((a) => a.parts),
            ...(parsed.data.task.status.message?.parts ?? []),
          ]
        : parsed.data.parts;
  const data = parts.find((p): p is { data: Record<string, unknown> } => 'data' in p)?.data;
  const said = typeof data?.say === 'string' ? data.say : undefined;
  const text = said ?? parts.find((p): p is { text: string } => 'text' in p)?.text;
  if (text === undefined || text.trim() === '') return null;
  return { text: text.slice(0, 4000), ...(data !== undefined ? { data } : {}) };
}
