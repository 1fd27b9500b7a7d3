import type { WxtBrowser } from 'wxt/browser';
import type { ContentCommand, Material } from '../protocol/messages/index';
import { originOfUrl, selectionMaterial } from './material';

/** The context-menu item on selected text, and the keyboard command (wxt.config.ts `commands`). */
export const ASK_ABOUT_SELECTION = 'ask-about-selection';
export const OPEN_OVERLAY_COMMAND = 'open-overlay';
/** The overlay bundle (entrypoints/overlay), injected on demand so no page carries it until the person asks. */
export const OVERLAY_SCRIPT = '/overlay.js';

type Apis = Pick<WxtBrowser, 'runtime' | 'contextMenus' | 'commands' | 'scripting' | 'tabs'>;

/**
 * Wires the two ways the person opens the in-page overlay. Both are user gestures, which grant `activeTab`, so
 * the overlay needs no standing access to every site (DESIGN §10: only loopback and the model API at install).
 * Listeners are added synchronously so an event that wakes the worker finds them.
 */
export function wireOverlayTriggers(browser: Apis): void {
  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus.removeAll().then(() =>
      browser.contextMenus.create({
        id: ASK_ABOUT_SELECTION,
        title: 'Ask my agent about this',
        contexts: ['selection'],
      }),
    );
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== ASK_ABOUT_SELECTION || tab?.id === undefined) return;
    const origin = originOfUrl(info.frameUrl ?? info.pageUrl);
    void openOverlay(browser, tab.id, selectionMaterial(info.selectionText ?? '', origin));
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== OPEN_OVERLAY_COMMAND || tab?.id === undefined) return;
    // The overlay reads the selection itself: the command carries none.
    void openOverlay(browser, tab.id, undefined);
  });
}

/** Injects the overlay into the tab's top frame (idempotent) and tells it to open. */
export async function openOverlay(browser: Apis, tabId: number, material: Material | undefined): Promise<void> {
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: [OVERLAY_SCRIPT] });
    const command: ContentCommand =
      material === undefined ? { type: 'overlay.open' } : { type: 'overlay.open', material };
    await browser.tabs.sendMessage(tabId, command, { frameId: 0 });
  } catch (error) {
    // Browser pages (chrome://, the web store) refuse injection; there is nothing to open there.
    console.warn('Home Agent could not open its overlay in this tab:', error);
  }
}
