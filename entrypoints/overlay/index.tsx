import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { requestBackground } from '../../src/messaging/client';
import { selectionMaterial } from '../../src/messaging/material';
import { ContentCommand, type Material } from '../../src/protocol/messages';
import { mountShadowHost } from '../../src/ui/mount-overlay';
import { OverlayPanel } from '../../src/ui/OverlayPanel';
import css from '../../src/ui/faces.css?inline';

const INSTALLED = Symbol.for('home-agent.overlay');

/**
 * The in-page overlay, injected into the isolated world on demand (context menu or keyboard command). It obeys
 * only commands from this extension's background or pages, schema-checked; the page cannot open it or feed it.
 * Its shadow root is open, so the page can read what it shows and reach its form: the Ask button answers only
 * trusted clicks, and replies carrying the person's private records belong in the side panel, not here.
 */
export default defineUnlistedScript(() => {
  const scope = globalThis as Record<symbol, unknown>;
  if (scope[INSTALLED] === true) return;
  scope[INSTALLED] = true;
  let root: Root | undefined;

  const send = (message: unknown) => browser.runtime.sendMessage(message);
  const ask = (words: string, material: Material | undefined) =>
    requestBackground(send, material === undefined ? { type: 'ask', words } : { type: 'ask', words, material });

  function render(material: Material | undefined, open: boolean) {
    root ??= createRoot(mountShadowHost(document, css));
    root.render(<StrictMode>{open ? <OverlayPanel material={material} ask={ask} onClose={() => render(undefined, false)} /> : null}</StrictMode>);
  }

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id || sender.tab !== undefined) return;
    const command = ContentCommand.safeParse(message);
    if (!command.success) return;
    const material = command.data.material ?? selectionMaterial(String(window.getSelection() ?? ''), location.origin);
    render(material, true);
    sendResponse({ ok: true, data: null });
  });
});
