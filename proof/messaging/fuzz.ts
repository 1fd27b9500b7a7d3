import fc from 'fast-check';
import { payloadBytes } from '../../src/messaging/payload';
import type { SenderContext } from '../../src/messaging/sender';
import { WireError } from '../../src/protocol/errors';
import { BROADCAST_TYPES, MESSAGE_LIMITS } from '../../src/protocol/messages/index';
import { PAGE_LIMITS, PageRelay } from '../../src/protocol/page-provider';
import { exampleOf } from './examples';
import type { RouterWorld } from './router-world';

/**
 * Fuzzing the extension's channels through the real router: random shapes, every message type with random fields,
 * every type's valid example and its mutations, each from every sender kind (the side panel and other extension
 * pages, the overlay's content script, and a web page whose request the content script relays). For each message
 * the suite decides from the protocol alone whether it should be let through (the oracle), then checks the router:
 * no throw; a refusal is a WireError; a handler ran exactly when the oracle let the message through; and no
 * dependency was reached unless a handler ran.
 */
export type Sent = { message: unknown; sender: SenderContext };
export type FuzzTally = {
  sent: number;
  bySender: Record<string, number>;
  refused: number;
  ran: number;
  crashes: string[];
  violations: string[];
  types: number;
  noExample: string[];
};

const PANEL: SenderContext = { kind: 'extension-page', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const origins = fc.constantFrom(
  'https://example.org',
  'http://127.0.0.1:5173',
  'https://evil.example',
  'file:///etc/passwd',
  'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
  'null',
);
const overlay = origins.map((origin): SenderContext => ({ kind: 'content-script', origin, tabId: 7, frameId: 0 }));

function mutations(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid).filter((k) => k !== 'type');
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('type');
  return fc.oneof(
    fc.constant(valid),
    key.map((k) => Object.fromEntries(Object.entries(valid).filter(([x]) => x !== k))),
    fc
      .tuple(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2 }))
      .map(([k, v]) => ({ ...valid, [k === 'type' ? 'extra' : k]: v })),
    fc.tuple(key, fc.anything({ maxDepth: 2 })).map(([k, v]) => ({ ...valid, [k]: v })),
    key.map((k) => ({ ...valid, [k]: 'x'.repeat(MESSAGE_LIMITS.payloadBytes + 1) })),
    fc.anything({ maxDepth: 1 }).map((v) => ({ ...valid, type: v })),
  );
}

/** Any value as text (fast-check's objects may have no prototype, and refuse String()). */
function printable(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'unprintable';
  }
}

export function messages(world: RouterWorld): { arbitrary: fc.Arbitrary<Sent>; noExample: string[] } {
  const types = world.registry.types();
  const examples = types.flatMap((t) => {
    const schema = world.schemaOf(t);
    const example = schema === undefined ? null : exampleOf(schema);
    return example === null ? [] : [example];
  });
  const noExample = types.filter((t) => !examples.some((e) => e.type === t));
  const shaped = fc.oneof(
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          type: fc.oneof(fc.constantFrom(...types, 'page.relay', 'pending.changed'), fc.string({ maxLength: 20 })),
        })
        .chain((base) =>
          fc
            .dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 })
            .map((rest) => ({ ...rest, ...base })),
        ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...examples) },
    { weight: 3, arbitrary: fc.constantFrom(...examples).chain(mutations) },
  );
  const direct = fc
    .tuple(shaped, fc.oneof(fc.constant(PANEL), overlay))
    .map(([message, sender]) => ({ message, sender }));
  const relayed = fc.tuple(shaped, overlay, fc.boolean()).map(([inner, sender, keepParams]) => {
    const body = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
    const method = typeof body.type === 'string' ? body.type : printable(inner).slice(0, 30);
    const { type: _type, ...params } = body;
    return { message: { type: 'page.relay', method, ...(keepParams ? { params } : {}) }, sender };
  });
  const forgedRelay = fc
    .tuple(shaped)
    .map(([inner]) => ({ message: { type: 'page.relay', method: 'home_ping', params: inner }, sender: PANEL }));
  return { arbitrary: fc.oneof(direct, relayed, forgedRelay), noExample };
}

/** Whether the protocol lets this message reach its handler, and which handler. */
export function oracle(
  world: RouterWorld,
  { message, sender }: Sent,
): { type: string | null; accepted: boolean; broadcast: boolean } {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  if (sender.kind === 'extension-page' && typeof type === 'string' && BROADCAST_TYPES.has(type))
    return { type, accepted: false, broadcast: true };
  const size = payloadBytes(message, MESSAGE_LIMITS.payloadBytes);
  if (size > MESSAGE_LIMITS.payloadBytes) return { type: null, accepted: false, broadcast: false };
  let target = message;
  let kind = sender.kind;
  if (type === 'page.relay') {
    const relay = PageRelay.safeParse(message);
    if (
      sender.kind !== 'content-script' ||
      size > PAGE_LIMITS.payloadBytes ||
      !relay.success ||
      !/^https?:\/\//.test(sender.origin) ||
      // The bridge answers only the pages it is registered for: loopback here (no app connected in this world).
      !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(sender.origin)
    )
      return { type: null, accepted: false, broadcast: false };
    target =
      relay.data.params === undefined
        ? { type: relay.data.method }
        : { type: relay.data.method, params: relay.data.params };
    kind = 'page';
  }
  const t = typeof target === 'object' && target !== null ? (target as { type?: unknown }).type : undefined;
  const handler = typeof t === 'string' ? world.registry.get(t) : undefined;
  const schema = typeof t === 'string' ? world.schemaOf(t) : undefined;
  const accepted =
    handler !== undefined && schema !== undefined && handler.senders.includes(kind) && schema.safeParse(target).success;
  return { type: typeof t === 'string' ? t : null, accepted, broadcast: false };
}

const handledTotal = (world: RouterWorld) => Object.values(world.router.stats().handled).reduce((a, n) => a + n, 0);

/** Routes one message and checks every invariant; returns what it found. */
export async function check(
  world: RouterWorld,
  sent: Sent,
): Promise<{ ran: boolean; refused: boolean; crash?: string; violation?: string }> {
  const expected = oracle(world, sent);
  const before = handledTotal(world);
  world.reached.length = 0;
  let reply: Awaited<ReturnType<RouterWorld['router']['route']>>;
  try {
    reply = await world.router.route(sent.message, sent.sender);
  } catch (error) {
    return { ran: false, refused: false, crash: error instanceof Error ? error.message : String(error) };
  }
  const ran = handledTotal(world) > before;
  const what = `${sent.sender.kind} ${JSON.stringify(sent.message)?.slice(0, 160)}`;
  if (expected.broadcast)
    return reply === undefined
      ? { ran, refused: false }
      : { ran, refused: false, violation: `a broadcast was answered: ${what}` };
  if (reply === undefined) return { ran, refused: false, violation: `no reply: ${what}` };
  const refused = !reply.ok;
  if (!reply.ok && !WireError.safeParse(reply.error).success)
    return { ran, refused, violation: `a refusal that is not a WireError: ${what}` };
  if (ran !== expected.accepted) {
    const said = reply.ok ? 'ok' : reply.error.code;
    return {
      ran,
      refused,
      violation: `${ran ? 'a handler ran for a message the protocol refuses' : 'a valid message was refused'} (${said}): ${what}`,
    };
  }
  if (!ran && world.reached.length > 0)
    return { ran, refused, violation: `dependencies reached without a handler (${world.reached.join(', ')}): ${what}` };
  return { ran, refused };
}
