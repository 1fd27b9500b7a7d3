import { z } from 'zod';
import { Material } from '../material';

/**
 * The overlay's quoted-material hand-off. The in-page overlay is an extension page in an `<iframe>` (the
 * page cannot read or script it); the content script that opened it holds the page's selection. It hands that
 * selection to the background (`overlay.material.put`, keyed by the tab the browser says it runs in and a random
 * one-time nonce it then posts to the frame it created — ./overlay-frame.ts), and the frame fetches it once
 * (`overlay.material.take`). A page cannot forge either message: it has no `chrome.runtime`, and the router refuses
 * both from any other sender.
 */
export const OVERLAY_LIMITS = {
  /** Quoted selections kept at once, across tabs (an opened overlay takes its own within a second). */
  kept: 32,
} as const;

/** 128 random bits in base64url (22 characters), or longer; never a word a page could guess. */
export const OverlayNonce = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'a random nonce of 22 to 64 base64url characters');

const QuotedOrNone = Material.nullable();

/** Content script → background: the selection (or none) for the overlay frame it is about to open in its tab. */
export const OverlayMaterialPutRequest = z.strictObject({
  type: z.literal('overlay.material.put'),
  nonce: OverlayNonce,
  material: QuotedOrNone,
});
/** Overlay frame → background: its tab's selection, once, by the nonce in its own URL's hash. */
export const OverlayMaterialTakeRequest = z.strictObject({
  type: z.literal('overlay.material.take'),
  nonce: OverlayNonce,
});

export const OVERLAY_REQUESTS = [OverlayMaterialPutRequest, OverlayMaterialTakeRequest] as const;
export const OVERLAY_REPLIES = {
  'overlay.material.put': z.strictObject({ kept: z.literal(true) }),
  'overlay.material.take': z.strictObject({ material: QuotedOrNone }),
} as const;
