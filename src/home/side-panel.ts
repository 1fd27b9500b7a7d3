import { HomeError } from '../protocol/errors';
import type { HomeServices } from './services';

/**
 * The overlay's "Open the side panel": the whole conversation (kept questions, provenance) is there. Only for the
 * asking frame's own tab — the tab id comes from the browser's sender record, not from the message.
 */
export async function openSidePanelIn(services: HomeServices, tabId: number | undefined) {
  if (tabId === undefined) throw new HomeError('UNKNOWN_SENDER', 'Home Agent could not tell which tab asked.');
  return { opened: services.openSidePanel === undefined ? false : await services.openSidePanel(tabId) };
}
