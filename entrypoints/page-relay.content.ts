import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { forwardPageEvent, startPageRelay } from '../src/messaging/content/page-relay';
import { LOOPBACK_MATCHES } from '../src/messaging/page/matches';

/**
 * The isolated half of the page bridge: checks each window message and relays it to the background, and passes
 * the background's events (locked, wireRevoked) to the page.
 */
export default defineContentScript({
  matches: [...LOOPBACK_MATCHES],
  runAt: 'document_start',
  noScriptStartedPostMessage: true,
  main() {
    startPageRelay(window, (relay) => browser.runtime.sendMessage(relay));
    browser.runtime.onMessage.addListener((message, sender) => {
      forwardPageEvent(window, message, sender, browser.runtime.id);
      return undefined;
    });
  },
});
