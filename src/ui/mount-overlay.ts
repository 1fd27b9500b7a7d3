/** The overlay's host element name; an open shadow root hangs off it so the page's CSS cannot restyle it. */
export const OVERLAY_HOST = 'home-agent-overlay';

/**
 * The frame's place on the page: fixed top right, above the page, sized for a conversation. `light dark`: the frame
 * follows the person's colour scheme (its own faces.css), whatever the page uses.
 */
const FRAME_CSS = `
:host { all: initial; }
iframe { position: fixed; top: 16px; right: 16px; width: 400px; height: min(640px, calc(100vh - 32px)); border: 0;
  border-radius: 10px; box-shadow: 0 8px 30px rgba(0, 0, 0, 0.25); background: #fbfbfd; z-index: 2147483647;
  color-scheme: light dark; display: block; }
@media (prefers-color-scheme: dark) { iframe { background: #16181d; } }
`;

/**
 * Mounts the overlay in the page: a host with an OPEN shadow root holding only an `<iframe>` of the extension's
 * overlay frame page (password managers' pattern). Open, because there is nothing in it to hide: everything the
 * person types and reads is inside the frame, a chrome-extension: document the page can neither read nor script.
 * A host already there is replaced, so one tab shows one overlay. Returns the frame.
 */
export function mountOverlayFrame(doc: Document, src: string): HTMLIFrameElement {
  removeOverlay(doc);
  const host = doc.createElement(OVERLAY_HOST);
  const shadow = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = FRAME_CSS;
  const frame = doc.createElement('iframe');
  frame.src = src;
  frame.title = 'Ask Home Agent';
  // Nothing of the page's is granted to the frame (no camera, no clipboard reads, no payment), whatever the page allows.
  frame.allow = '';
  frame.referrerPolicy = 'no-referrer';
  shadow.append(style, frame);
  doc.documentElement.append(host);
  return frame;
}

/** Removes the overlay's host (the frame with it) from the page, if there is one. */
export function removeOverlay(doc: Document): void {
  for (const host of doc.querySelectorAll(OVERLAY_HOST)) host.remove();
}
