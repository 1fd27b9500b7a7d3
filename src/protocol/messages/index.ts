import { z } from 'zod';
import { WireError } from '../errors';
import { AskResponse } from '../harness-reply';
import { AGENT_REPLIES, AGENT_REQUESTS } from './agent';
import { APP_REPLIES, APP_REQUESTS } from './heartcoach';
import { HOME_REPLIES, HOME_REQUESTS } from './home';
import { Material, MESSAGE_LIMITS, Origin } from '../material';
import { OVERLAY_REPLIES, OVERLAY_REQUESTS } from './overlay';

/**
 * The extension's own channels (side panel, popup, options, overlay → background; background → content script).
 * Every message is a strict object in a discriminated union on `type`, every string and array has a cap, and the
 * whole payload has a cap (MESSAGE_LIMITS.payloadBytes) checked before any parse. The page provider's channel is
 * in ./page-provider.ts. To add a message: add its request and reply schemas here, list the request in
 * ExtensionRequest and the reply in EXTENSION_REPLIES, and register a handler in src/messaging/handlers/.
 */
export { Material, MESSAGE_LIMITS, Origin } from '../material';

/**
 * Who sent a message, as the background classified it from the browser's sender record (never from the body).
 * `overlay-frame`: the overlay's conversation, an extension page in an iframe inside a web page's tab —
 * allowed only what the conversation needs, never the Home's keys, vault or settings.
 */
export const SenderKind = z.enum(['extension-page', 'overlay-frame', 'content-script', 'page']);
export type SenderKind = z.infer<typeof SenderKind>;

export const Id = z
  .string()
  .min(1)
  .max(MESSAGE_LIMITS.id)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an id of letters, digits, _ . : -');

// ── requests to the background ─────────────────────────────────────────────────────────────────────────────────

/** The person asks their agent, from the side panel or the in-page overlay. */
export const AskRequest = z.strictObject({
  type: z.literal('ask'),
  words: z.string().trim().min(1, 'say something to ask').max(MESSAGE_LIMITS.words),
  material: Material.optional(),
});
export const PendingListRequest = z.strictObject({ type: z.literal('pending.list') });
export const WorkerStatusRequest = z.strictObject({ type: z.literal('worker.status') });
export const RouterStatsRequest = z.strictObject({ type: z.literal('router.stats') });

export const ExtensionRequest = z.discriminatedUnion('type', [
  AskRequest,
  PendingListRequest,
  WorkerStatusRequest,
  RouterStatsRequest,
  ...HOME_REQUESTS,
  ...AGENT_REQUESTS,
  ...APP_REQUESTS,
  ...OVERLAY_REQUESTS,
]);
export type ExtensionRequest = z.infer<typeof ExtensionRequest>;
export type ExtensionRequestType = ExtensionRequest['type'];

// ── replies ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The harness's answer to an ask (seed 001 step 12): the envelope with one of the six reply kinds and its runRef. */
export const AskReply = AskResponse;
export type AskReply = z.infer<typeof AskReply>;

/** A request waiting for the person (a signature, an approval, a connection); none exist yet. */
export const PendingRequest = z.strictObject({
  id: Id,
  kind: z.enum(['sign', 'approve', 'connect', 'grant']),
  origin: Origin,
  summary: z.string().max(MESSAGE_LIMITS.summary),
  createdAt: z.number().int().nonnegative(),
});
export type PendingRequest = z.infer<typeof PendingRequest>;
export const PendingListReply = z.strictObject({ requests: z.array(PendingRequest).max(MESSAGE_LIMITS.list) });
export type PendingListReply = z.infer<typeof PendingListReply>;

/** This worker instance and the one before it, as recorded in the vault's settings table. */
export const WorkerStatusReply = z.strictObject({
  startId: Id,
  previousStartId: Id.nullable(),
  starts: z.number().int().positive(),
  startedAt: z.number().int().nonnegative(),
});
export type WorkerStatusReply = z.infer<typeof WorkerStatusReply>;

/** How many times each handler ran and each refusal happened in this worker instance (a spy for the e2e tests). */
export const RouterStatsReply = z.strictObject({
  handled: z.record(z.string().max(64), z.number().int().nonnegative()),
  refused: z.record(z.string().max(64), z.number().int().nonnegative()),
});
export type RouterStatsReply = z.infer<typeof RouterStatsReply>;

/** The reply schema of each request type; the client validates what comes back against it. */
export const EXTENSION_REPLIES = {
  ask: AskReply,
  'pending.list': PendingListReply,
  'worker.status': WorkerStatusReply,
  'router.stats': RouterStatsReply,
  ...HOME_REPLIES,
  ...AGENT_REPLIES,
  ...APP_REPLIES,
  ...OVERLAY_REPLIES,
} as const satisfies Record<ExtensionRequestType, z.ZodType>;
export type ReplyOf<T extends ExtensionRequestType> = z.infer<(typeof EXTENSION_REPLIES)[T]>;

/** What crosses back over every channel: data, or a WireError in words. */
export const WireReply = z.union([
  z.strictObject({ ok: z.literal(true), data: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: WireError }),
]);

// ── background → content script ────────────────────────────────────────────────────────────────────────────────

/** Open the in-page overlay, with the selection the browser reported (context menu) or none (keyboard command). */
export const OverlayOpen = z.strictObject({ type: z.literal('overlay.open'), material: Material.optional() });
export const ContentCommand = z.discriminatedUnion('type', [OverlayOpen]);
export type ContentCommand = z.infer<typeof ContentCommand>;

// ── extension page → extension pages ───────────────────────────────────────────────────────────────────────────

/**
 * Broadcasts between extension pages. The background must leave these unanswered, or its reply would swallow the
 * answer of the page they are meant for (TOOLCHAIN: route by type).
 */
export const PendingChanged = z.strictObject({ type: z.literal('pending.changed') });
/** A run moved on in one face (signed in the popup, asked in the overlay); its full schema is RunReplied in ./faces-broadcast.ts. */
export const RunRepliedNotice = z.looseObject({ type: z.literal('run.replied') });
export const ExtensionBroadcast = z.discriminatedUnion('type', [PendingChanged, RunRepliedNotice]);
export const BROADCAST_TYPES: ReadonlySet<string> = new Set(ExtensionBroadcast.options.map((o) => o.shape.type.value));
