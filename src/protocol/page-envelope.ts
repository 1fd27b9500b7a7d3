import * as z from 'zod/mini';

/**
 * What crosses `window.postMessage` between the MAIN-world bridge (`window.homeAgent`) and the isolated content
 * script, in `zod/mini`: the bridge runs on every loopback page before the page's own scripts, so it carries only
 * these envelopes (a few kB), not the background's schemas. Every message is checked on arrival on both sides.
 */
export const PAGE_LIMITS = {
  /** The relayed request as JSON, in UTF-8 bytes. */
  payloadBytes: 16 * 1024,
  params: 16,
} as const;

/** Tags that keep our envelopes apart from every other postMessage on the page. */
export const PAGE_CHANNEL = {
  toContent: 'home-agent/page-request/v1',
  toPage: 'home-agent/page-reply/v1',
  event: 'home-agent/page-event/v1',
} as const;

/** A method name as a page may spell it; whether it exists, and is open to pages, is the background's decision. */
export const PageMethod = z
  .string()
  .check(
    z.minLength(1, 'a method name'),
    z.maxLength(64, 'a method name'),
    z.regex(/^[A-Za-z][A-Za-z0-9_.]*$/, 'a method name'),
  );

/** EIP-1193 params: an object or an array; each method's own schema says what it takes. */
export const PageParams = z.union([
  z
    .record(z.string().check(z.maxLength(64)), z.unknown())
    .check(z.refine((p) => Object.keys(p).length <= PAGE_LIMITS.params, 'too many params')),
  z.array(z.unknown()).check(z.maxLength(PAGE_LIMITS.params, 'too many params')),
]);

export const PageRequestId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a request id'));

/** An UPPER_SNAKE code and a sentence: the WireError as a page receives it. */
export const PageWireError = z.strictObject({
  code: z.string().check(z.regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'an UPPER_SNAKE error code')),
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type PageWireError = z.infer<typeof PageWireError>;

/** Bridge → content script, through window.postMessage. */
export const PageRequestEnvelope = z.strictObject({
  channel: z.literal(PAGE_CHANNEL.toContent),
  id: PageRequestId,
  method: PageMethod,
  params: z.optional(PageParams),
});
export type PageRequestEnvelope = z.infer<typeof PageRequestEnvelope>;

/** Content script → bridge, through window.postMessage: the background's reply to one request id. */
export const PageReplyEnvelope = z.strictObject({
  channel: z.literal(PAGE_CHANNEL.toPage),
  id: PageRequestId,
  reply: z.union([
    z.strictObject({ ok: z.literal(true), data: z.unknown() }),
    z.strictObject({ ok: z.literal(false), error: PageWireError }),
  ]),
});
export type PageReplyEnvelope = z.infer<typeof PageReplyEnvelope>;

const Digest = z.string().check(z.regex(/^0x[0-9a-f]{64}$/, 'a 32-byte hex digest'));
const TaskRef = z.string().check(z.minLength(1), z.maxLength(128));

/**
 * What the background tells a page, unasked: the Home locked (every request waiting for the person was declined; the
 * next one opens the lock screen), or the person revoked this origin's ask-as-me wire (named by its hash, as
 * `home_grantAskAsMe` returned it), or a task this origin created changed state. Notifications, never authority: a page script can post the same shape to itself.
 */
export const PageEvent = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('locked') }),
  z.strictObject({ event: z.literal('wireRevoked'), hash: Digest }),
  /** A2A's TaskStatusUpdateEvent for a task this origin created (src/protocol/a2a-task.ts has its full schema). */
  z.strictObject({
    event: z.literal('taskStatusUpdate'),
    taskId: TaskRef,
    contextId: TaskRef,
    status: z.looseObject({ state: z.string().check(z.regex(/^TASK_STATE_[A-Z_]+$/, 'an A2A task state')) }),
  }),
]);
export type PageEvent = z.infer<typeof PageEvent>;

/** Background → content script (`tabs.sendMessage`), and content script → bridge under PAGE_CHANNEL.event. */
export const PageEventMessage = z.strictObject({ type: z.literal('page.event'), event: PageEvent });
export type PageEventMessage = z.infer<typeof PageEventMessage>;
export const PageEventEnvelope = z.strictObject({ channel: z.literal(PAGE_CHANNEL.event), event: PageEvent });
export type PageEventEnvelope = z.infer<typeof PageEventEnvelope>;

/** A refusal in words from mini-zod issues (the same sentence shape as describeZodError). */
export function describeIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  limit = 3,
): string {
  const parts = issues.slice(0, limit).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the message';
    return `${where}: ${issue.message === 'Invalid input' ? 'not of the expected form' : issue.message}`;
  });
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : '';
  return `The input was refused — ${parts.join('; ')}${more}.`;
}
