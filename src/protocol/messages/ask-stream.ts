import { z } from 'zod';
import { AddressSchema } from '../ask';
import { WireError } from '../errors';
import { AskResponse } from '../harness-reply';
import { Material, MESSAGE_LIMITS } from './index';

/**
 * A streamed ask (the composed answer streams to the side panel; the person can stop it), over a
 * `chrome.runtime` Port named ASK_STREAM_PORT that an extension page opens to the background. The Port is
 * point-to-point, so the text goes only to the page that asked, and every message names its ask by `askId`.
 *
 * Page → background: `ask.start` (the person's words, as the `ask` message carries them) and `ask.cancel`. Closing
 * the Port (the panel closed) cancels every ask on it. Background → page: `ask.step` as each step of the plan starts and `ask.delta` pieces of text, then one
 * `ask.reply` (the harness's envelope, as `ask` answers) or `ask.failed` (a refusal in words). A delta is display
 * only and never consent: it carries no requirement, and what the person signs is read from the run by its id.
 */
export const ASK_STREAM_PORT = 'home-agent.ask-stream';

/** At most this many asks in flight on one Port (one conversation asks one at a time; a little slack for a retry). */
export const ASK_STREAM_LIMITS = { inFlight: 4, delta: 2000 } as const;

export const AskId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'an ask id of letters, digits, _ and -');

export const AskStreamStart = z.strictObject({
  type: z.literal('ask.start'),
  askId: AskId,
  words: z.string().trim().min(1, 'say something to ask').max(MESSAGE_LIMITS.words),
  material: Material.optional(),
  /** Whom to ask, when not the person's own agent (an organization agent they steward); the harness checks standing. */
  addressee: AddressSchema.optional(),
});
export const AskStreamCancel = z.strictObject({ type: z.literal('ask.cancel'), askId: AskId });
export const AskStreamInbound = z.discriminatedUnion('type', [AskStreamStart, AskStreamCancel]);
export type AskStreamInbound = z.infer<typeof AskStreamInbound>;

export const AskStreamDelta = z.strictObject({
  type: z.literal('ask.delta'),
  askId: AskId,
  /** Which streamed model call of the ask this piece belongs to; a new call starts the shown text over. */
  call: z.number().int().positive().max(64),
  role: z.enum(['composer', 'skill-apply']),
  delta: z.string().max(ASK_STREAM_LIMITS.delta),
});
/** A step of the ask's plan starting: "Step 1 of 2: List my contacts" (display only, like a delta). */
export const AskStreamStep = z.strictObject({
  type: z.literal('ask.step'),
  askId: AskId,
  step: z.number().int().positive().max(16),
  of: z.number().int().positive().max(16),
  label: z.string().min(1).max(200),
});
/** A step starting, as a face shows it. */
export type StepNotice = Omit<z.infer<typeof AskStreamStep>, 'type' | 'askId'>;
export const AskStreamReply = z.strictObject({ type: z.literal('ask.reply'), askId: AskId, response: AskResponse });
/** `askId` is null when the page's message could not be read far enough to name its ask. */
export const AskStreamFailed = z.strictObject({
  type: z.literal('ask.failed'),
  askId: AskId.nullable(),
  error: WireError,
});
export const AskStreamOutbound = z.discriminatedUnion('type', [
  AskStreamDelta,
  AskStreamStep,
  AskStreamReply,
  AskStreamFailed,
]);
export type AskStreamOutbound = z.infer<typeof AskStreamOutbound>;
