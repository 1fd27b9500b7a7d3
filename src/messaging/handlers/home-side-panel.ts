import { HomeError } from '../../protocol/errors';
import { HomeSidePanelOpenRequest } from '../../protocol/messages/home';
import { HOME_REPLIES } from '../../protocol/messages/home-replies';
import { defineHandler } from '../handler';
import type { HomeDeps } from './home-deps';

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
      async handle(_request, sender) {
        if (sender.tabId === undefined)
          throw new HomeError('UNKNOWN_SENDER', 'Home Agent could not tell which tab asked.');
        const services = await deps.home();
        return { opened: services.openSidePanel === undefined ? false : await services.openSidePanel(sender.tabId) };
      },
    }),
  ];
}
