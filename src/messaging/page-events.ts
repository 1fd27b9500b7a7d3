import type { PageEvent, PageEventMessage } from '../protocol/page-envelope';
import type { Router } from './router';

/** The part of chrome.tabs the notifier uses. */
export type PageEventTabs = {
  query(filter: object): Promise<{ id?: number; url?: string }[]>;
  sendMessage(tabId: number, message: PageEventMessage): Promise<unknown>;
};

/**
 * Tells open pages what the background did that concerns them, through their content script (page-relay) to
 * `window.homeAgent`'s listeners. Only pages of the origins given hear it — an app the person connected or gave a
 * wire — so an unconnected page never learns when the person locks their Home. A tab without the relay (or closed
 * meanwhile) is skipped silently: an event is a courtesy, the next request says the same in its refusal.
 */
export function createPageEvents(tabs: PageEventTabs) {
  return {
    async emit(event: PageEvent, origins: readonly string[]): Promise<number> {
      if (origins.length === 0) return 0;
      const wanted = new Set(origins);
      let told = 0;
      for (const tab of await tabs.query({})) {
        if (tab.id === undefined || tab.url === undefined || !URL.canParse(tab.url)) continue;
        if (!wanted.has(new URL(tab.url).origin)) continue;
        const sent = await tabs.sendMessage(tab.id, { type: 'page.event', event }).then(
          () => true,
          () => false,
        );
        if (sent) told += 1;
      }
      return told;
    },
  };
}

/**
 * A router that, after the person revokes an ask-as-me wire (`home.revoke` of kind `wire`, answered ok), calls
 * `onWireRevoked` with its hash. The revocation itself is unchanged: this only watches its answer.
 */
export function watchWireRevocations(router: Router, onWireRevoked: (hash: `0x${string}`) => void): Router {
  return {
    ...router,
    route(message, sender) {
      const routed = router.route(message, sender);
      const m = message as { type?: unknown; kind?: unknown; hash?: unknown } | null;
      if (routed !== undefined && m !== null && m.type === 'home.revoke' && m.kind === 'wire') {
        void routed.then((reply) => {
          if (reply.ok && typeof m.hash === 'string') onWireRevoked(m.hash.toLowerCase() as `0x${string}`);
        });
      }
      return routed;
    },
  };
}
