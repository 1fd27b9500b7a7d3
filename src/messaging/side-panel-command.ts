import type { WxtBrowser } from 'wxt/browser';

/** The keyboard command that opens the side panel (wxt.config.ts `commands`, Alt+Shift+J by default). */
export const OPEN_SIDE_PANEL_COMMAND = 'open-side-panel';

type Apis = Pick<WxtBrowser, 'commands' | 'sidePanel'>;

/**
 * Opens the side panel on the person's shortcut. The command is a user gesture, which `sidePanel.open` needs, so
 * the call is made at once in the listener (no await before it). Added synchronously so a waking worker finds it.
 */
export function wireSidePanelCommand(browser: Apis): void {
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== OPEN_SIDE_PANEL_COMMAND || tab?.windowId === undefined) return;
    browser.sidePanel.open({ windowId: tab.windowId }).catch((error: unknown) => {
      console.warn('Home Agent could not open its side panel:', error);
    });
  });
}
