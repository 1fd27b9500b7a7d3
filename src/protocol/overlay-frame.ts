import { z } from 'zod';
import { RunReplied } from './faces-broadcast';
import { OverlayNonce } from './messages/overlay';

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

/**
 * The content script → the overlay frame it created, once, when that frame has loaded: the nonce its selection is
 * kept under, by `postMessage` to that frame's window at the extension's origin. Never in the frame's URL, which the
 * page can read from the open shadow root: a page that copies the frame into its own `<iframe>` gets no nonce, so
 * its copy never holds a conversation (entrypoints/overlay-frame/main.tsx fails closed).
 */
export const OverlayNonceHandoff = z.strictObject({ type: z.literal('overlay.nonce'), nonce: OverlayNonce });
export type OverlayNonceHandoff = z.infer<typeof OverlayNonceHandoff>;

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
