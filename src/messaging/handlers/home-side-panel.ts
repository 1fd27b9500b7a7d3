import { HomeSidePanelOpenRequest } from '../../protocol/messages/home';
import { HOME_REPLIES } from '../../protocol/messages/home-replies';
import { openSidePanelIn } from '../../home/side-panel';
import { defineHandler } from '../handler';
import type { HomeDeps } from '../../home/services';

/**
 * The overlay's "Open the side panel": the whole conversation (kept questions, provenance) is there. Only the overlay's
 * frame asks, and only for its own tab — the tab id comes from the browser's sender record, not from the message.
 */
export function homeSidePanelHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.sidepanel.open',
      senders: ['overlay-frame'],
      request: HomeSidePanelOpenRequest,
      reply: HOME_REPLIES['home.sidepanel.open'],
      handle: async (_request, sender) => openSidePanelIn(await deps.home(), sender.tabId),
    }),
  ];
}
