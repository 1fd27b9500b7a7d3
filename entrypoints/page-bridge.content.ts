import { defineContentScript } from 'wxt/utils/define-content-script';
import { LOOPBACK_MATCHES } from '../src/messaging/page/matches';
import { installHomeAgent } from '../src/messaging/page/install';

/**
 * The page bridge: MAIN world, so the page's own scripts see `window.homeAgent`; document_start, so it is there
 * before they run. It holds no extension API: it only posts to its own window, where page-relay.content.ts listens.
 */
export default defineContentScript({
  matches: [...LOOPBACK_MATCHES],
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    installHomeAgent(window);
  },
});
