import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { requestBackground } from '../../src/messaging/client';
import { selectionMaterial } from '../../src/messaging/material';
import { OverlayReplay, type RunReplied } from '../../src/protocol/faces-broadcast';
import { ContentCommand, type Material } from '../../src/protocol/messages';
import { mountShadowHost } from '../../src/ui/mount-overlay';
import { OverlayPanel } from '../../src/ui/OverlayPanel';
import css from '../../src/ui/faces.css?inline';

const INSTALLED = Symbol.for('home-agent.overlay');
/** Replies asked from this tab, kept in the isolated world (never the page's DOM) until the side panel reads them. */
const KEPT = 20;

/**
 * The in-page overlay, injected into the isolated world on demand (context menu or keyboard command). It obeys
 * only messages from this extension's background or pages, schema-checked; the page cannot open it or feed it.
 * Its shadow root is open, so the page can read what it shows and reach its form: the Ask button answers only
 * trusted gestures, and replies (built from the person's records) go to the side panel, never into this page.
 */
export default defineUnlistedScript(() => {
  const scope = globalThis as Record<symbol, unknown>;
  if (scope[INSTALLED] === true) return;
  scope[INSTALLED] = true;
  let root: Root | undefined;
  const replies: RunReplied[] = [];

  const send = (message: unknown) => browser.runtime.sendMessage(message);
  const ask = async (words: string, material: Material | undefined) => {
    const result = await requestBackground(send, material === undefined ? { type: 'ask', words } : { type: 'ask', words, material });
    if (result.ok) {
      const notice: RunReplied = { type: 'run.replied', runRef: result.data.runRef, response: result.data, from: 'overlay', words, ...(material === undefined ? {} : { material }) };
      replies.push(notice);
      if (replies.length > KEPT) replies.shift();
      // To an open side panel now; a panel opened later asks for them (overlay.replay).
      void send(notice).catch(() => undefined);
    }
    return result;
  };
  const openSidePanel = async () => {
    const result = await requestBackground(send, { type: 'home.sidepanel.open' });
    return result.ok && result.data.opened;
  };

  function render(material: Material | undefined, open: boolean) {
    root ??= createRoot(mountShadowHost(document, css));
    root.render(<StrictMode>{open ? <OverlayPanel material={material} ask={ask} openSidePanel={openSidePanel} onClose={() => render(undefined, false)} /> : null}</StrictMode>);
  }

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    // Only this extension's background or pages (a page in a tab, such as the side panel opened as one, names the
    // extension's own URL); never another tab's content script or a web page.
    const extensionPage = sender.url?.startsWith(browser.runtime.getURL('/')) === true;
    if (sender.id !== browser.runtime.id || (sender.tab !== undefined && !extensionPage)) return;
    if (OverlayReplay.safeParse(message).success) {
      sendResponse({ replies: [...replies] });
      return;
    }
    const command = ContentCommand.safeParse(message);
    if (!command.success) return;
    const material = command.data.material ?? selectionMaterial(String(window.getSelection() ?? ''), location.origin);
    render(material, true);
    sendResponse({ ok: true, data: null });
  });
});
