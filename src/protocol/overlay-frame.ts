import { z } from 'zod';
import { RunReplied } from './faces-broadcast';
import { OverlayNonce } from './messages-overlay';

/**
 * The overlay frame → the content script that opened it, in the same tab (`tabs.sendMessage(itsTab, …, { frameId: 0 })`).
 * The content script obeys only a sender that is this extension's overlay frame page and names the nonce of the
 * frame it opened: `overlay.close` removes the host element (the frame's ×, or Escape); `overlay.kept` hands it a
 * reply to keep in the isolated world, so a side panel opened later can still show it (`overlay.replay`).
 */
export const OverlayClose = z.strictObject({ type: z.literal('overlay.close'), nonce: OverlayNonce });
export const OverlayKept = z.strictObject({ type: z.literal('overlay.kept'), nonce: OverlayNonce, notice: RunReplied });
export const OverlayFrameCommand = z.discriminatedUnion('type', [OverlayClose, OverlayKept]);
export type OverlayFrameCommand = z.infer<typeof OverlayFrameCommand>;

/** Whether a runtime sender's URL is this extension's overlay frame page (`chrome-extension://<id>/overlay-frame.html…`). */
export function isOverlayFrameUrl(url: string | undefined, extensionId: string, page: string): boolean {
  if (url === undefined) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'chrome-extension:' && parsed.host === extensionId && parsed.pathname === page;
  } catch {
    return false;
  }
}
