import type { Router } from './router';
import type { SenderContext } from './sender';

/** The parts of `chrome.action` and `chrome.notifications` the badge uses (fakes in unit tests). */
export type BadgeApis = {
  action: {
    setBadgeText(details: { text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { color: string }): Promise<void>;
  };
  notifications?: {
    create(id: string, options: { type: 'basic'; iconUrl: string; title: string; message: string }): Promise<string>;
  };
  /** The catalogue's words in the person's language (chrome.i18n in the worker): the notification's title and text. */
  i18n: { getMessage(key: 'badgeNotifyTitle' | 'badgeNotifyMessage', substitutions?: string[]): string };
  /**
   * Tells the extension's open faces (the popup's queue) that what waits changed, with the new count: display only,
   * a face reads the queue again from the background by itself (src/protocol/faces-broadcast.ts).
   */
  announce?(count: number): void;
};

/** A request waiting for the person's signature, as the popup's queue lists it. */
export type WaitingRequest = { id: string; summary: string };

/** Messages that read and change nothing a badge counts: no refresh after them (`agent.pending` is the queue's read). */
const READS = new Set([
  'agent.pending',
  'agent.preview',
  'agent.conversation.get',
  'agent.conversation.add',
  'agent.conversation.clear',
  'agent.requirement',
  'router.stats',
  'home.status',
  'home.names',
]);
const MOST = 99;

/**
 * The toolbar badge: how many requests wait for the person's signature, refreshed after anything that can add or
 * settle one (an ask, a resume, Sign, Decline, lock). When a request appears that an app's page asked for (not the
 * person in Home Agent's own pages), a notification says so, since the person may not be looking at the toolbar.
 * Refreshes are serialised, so two messages in a row cannot leave an older count on the badge. When the requests
 * that wait are no longer the same ones, the open faces are told (an open popup then reads its queue again).
 */
export function createSignatureBadge(apis: BadgeApis, waiting: () => Promise<WaitingRequest[]>, iconUrl: string) {
  let seen: Set<string> | undefined;
  let chain = Promise.resolve();
  let fromApp = false;
  const update = async () => {
    const requests = await waiting().catch(() => undefined);
    if (requests === undefined) return; // no vault yet: nothing to count
    const n = Math.min(requests.length, MOST);
    await apis.action.setBadgeText({ text: n === 0 ? '' : String(n) });
    if (n > 0) await apis.action.setBadgeBackgroundColor({ color: '#b3261e' });
    const fresh = seen === undefined ? [] : requests.filter((r) => !seen?.has(r.id));
    const changed = seen !== undefined && (fresh.length > 0 || seen.size !== requests.length);
    seen = new Set(requests.map((r) => r.id));
    if (changed) apis.announce?.(requests.length);
    const notify = fromApp;
    fromApp = false;
    if (!notify || apis.notifications === undefined) return;
    for (const request of fresh)
      await apis.notifications.create(`sign-${request.id}`, {
        type: 'basic',
        iconUrl,
        title: apis.i18n.getMessage('badgeNotifyTitle'),
        message: apis.i18n.getMessage('badgeNotifyMessage', [request.summary.slice(0, 200)]),
      });
  };
  const refresh = (origin?: 'app') => {
    if (origin === 'app') fromApp = true;
    chain = chain.then(update, update);
    return chain;
  };
  return { refresh };
}

/** A router that refreshes the badge once each message that may change what waits has been answered. */
export function watchSignatureRequests(router: Router, refresh: (origin?: 'app') => Promise<void>): Router {
  return {
    ...router,
    route(message, sender: SenderContext) {
      const routed = router.route(message, sender);
      const type = (message as { type?: unknown } | null)?.type;
      if (routed === undefined || typeof type !== 'string' || READS.has(type)) return routed;
      const fromApp = sender.kind === 'page';
      void routed.then(() => refresh(fromApp ? 'app' : undefined));
      return routed;
    },
  };
}
