import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { requestBackground } from '../../src/messaging/client';
import { selectionMaterial } from '../../src/messaging/material';
import { OVERLAY_FRAME_PAGE } from '../../src/messaging/sender';
import { OverlayReplay, type RunReplied } from '../../src/protocol/faces-broadcast';
import { ContentCommand } from '../../src/protocol/messages/index';
import { isOverlayFrameUrl, OverlayFrameCommand, type OverlayNonceHandoff } from '../../src/protocol/overlay-frame';
import { mountOverlayFrame, removeOverlay } from '../../src/ui/mount-overlay';

const INSTALLED = Symbol.for('home-agent.overlay');
/** Replies asked from this tab, kept in the isolated world (never the page's DOM) until the side panel reads them. */
const KEPT = 20;

/** 128 random bits, base64url: the one-time name of this opening's quoted text (src/protocol/messages/overlay.ts). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The in-page overlay's content script, injected into the isolated world on demand (context menu or keyboard
 * command). It mounts an open shadow root holding only an `<iframe>` of the extension's overlay frame page: the
 * conversation — the person's words, the replies, the prompts — runs in that chrome-extension: document, which the
 * page can neither read nor script. This script only hands the selection to the background (under a one-time nonce
 * it then posts to the frame it created, which redeems it), removes the overlay when the frame asks, and keeps the frame's replies for the side panel.
 * It obeys only this extension's background, pages and its own overlay frame, schema-checked.
 */
export default defineUnlistedScript(() => {
  const scope = globalThis as Record<symbol, unknown>;
  if (scope[INSTALLED] === true) return;
  scope[INSTALLED] = true;
  const replies: RunReplied[] = [];
  let current: string | undefined;

  const send = (message: unknown) => browser.runtime.sendMessage(message);

  async function open(material: ReturnType<typeof selectionMaterial>): Promise<void> {
    const nonce = newNonce();
    const put = await requestBackground(send, { type: 'overlay.material.put', nonce, material: material ?? null });
    if (!put.ok) throw new Error(put.error.message);
    current = nonce;
    const frame = mountOverlayFrame(document, browser.runtime.getURL(OVERLAY_FRAME_PAGE as '/overlay-frame.html'));
    frame.addEventListener(
      'load',
      () => {
        // To this frame's window only, and only while it shows Home Agent's page (a page that navigated it gets nothing);
        // once: a frame the page reloads is not told again, and fails closed.
        const handoff: OverlayNonceHandoff = { type: 'overlay.nonce', nonce };
        frame.contentWindow?.postMessage(handoff, `chrome-extension://${browser.runtime.id}`);
        // Keyboard users land in the conversation: the frame focuses its Ask box when it gets focus.
        frame.focus();
      },
      { once: true },
    );
  }

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    // The overlay frame this script opened (by its page and the nonce it was given): close, or keep a reply.
    if (isOverlayFrameUrl(sender.url, browser.runtime.id, OVERLAY_FRAME_PAGE)) {
      const command = OverlayFrameCommand.safeParse(message);
      if (!command.success || current === undefined || command.data.nonce !== current) return;
      if (command.data.type === 'overlay.close') {
        current = undefined;
        removeOverlay(document);
      } else {
        replies.push(command.data.notice);
        if (replies.length > KEPT) replies.shift();
      }
      sendResponse({ ok: true, data: null });
      return;
    }
    // Otherwise only this extension's background or pages (a page in a tab, such as the side panel opened as one,
    // names the extension's own URL); never another tab's content script or a web page.
    const extensionPage = sender.url?.startsWith(`chrome-extension://${browser.runtime.id}/`) === true;
    if (sender.tab !== undefined && !extensionPage) return;
    if (OverlayReplay.safeParse(message).success) {
      sendResponse({ replies: [...replies] });
      return;
    }
    const command = ContentCommand.safeParse(message);
    if (!command.success) return;
    const material = command.data.material ?? selectionMaterial(String(window.getSelection() ?? ''), location.origin);
    open(material).then(
      () => sendResponse({ ok: true, data: null }),
      (error: unknown) =>
        sendResponse({
          ok: false,
          error: { code: 'OVERLAY_NOT_OPENED', message: error instanceof Error ? error.message : String(error) },
        }),
    );
    return true;
  });
});
