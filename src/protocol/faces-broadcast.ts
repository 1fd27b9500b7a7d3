import { z } from 'zod';
import { AskResponse } from './harness-reply';
import { Material } from './messages/index';

/**
 * Notices between Home Agent's own faces, never consent: when a run moves on in one face (signed in the popup, or
 * asked from the in-page overlay), the side panel shows the new reply. A face accepts a notice only from this
 * extension (its pages, or its own content script in a tab), checks it against this schema, and only displays it:
 * any act still goes to the background by the run's id (Rabby: a broadcast event is never consent).
 */
export const RunReplied = z.strictObject({
  type: z.literal('run.replied'),
  runRef: z.string().min(1).max(80),
  response: AskResponse,
  /** Where it happened; an overlay notice carries the words and the quoted page text, to show them as asked. */
  from: z.enum(['popup', 'overlay']),
  words: z.string().max(4000).optional(),
  material: Material.optional(),
});
export type RunReplied = z.infer<typeof RunReplied>;

/**
 * The background tells the open faces that the requests waiting for the person changed (one added, settled or cleared
 * by a lock), with how many wait now. Display only: the popup reads its queue again from the background by itself.
 */
export const PendingChanged = z.strictObject({
  type: z.literal('pending.changed'),
  count: z.number().int().min(0).max(10_000),
});
export type PendingChanged = z.infer<typeof PendingChanged>;

/** The side panel asks the overlay in a tab for the replies it holds (asked before the panel was open). */
export const OverlayReplay = z.strictObject({ type: z.literal('overlay.replay') });
export const OverlayReplayReply = z.strictObject({ replies: z.array(RunReplied).max(20) });
export type OverlayReplayReply = z.infer<typeof OverlayReplayReply>;

/** True for a sender that is this extension: one of its pages, or its own content script (never a web page). */
export function fromThisExtension(sender: { id?: string }, extensionId: string): boolean {
  return sender.id === extensionId;
}
