import { afterEach, describe, expect, it } from 'vitest';
import { ConsentQueue, type ConsentDetail } from '../apps/heartcoach/consents';
import { consentKeepaliveName } from './consent-keepalive-messages';
import { listenForConsentKeepalives, serveConsentKeepalive } from './consent-keepalive';
import type { AskStreamPort } from './ask-stream';
import type { RuntimeSender } from './sender';
import { portPair, portsDrained } from './testing/port-pair';

/**
 * The background's keepalive listener over a Node Port pair (the browser's Port cannot run in Node; the e2e spec
 * uses Chromium's) and the real consent queue: only the consent window showing the request may hold it open, only
 * with pings, and only while the request waits.
 */
const SELF = { id: 'homeagentextensionid', origin: 'chrome-extension://homeagentextensionid' };
const detail: ConsentDetail = {
  kind: 'connect',
  origin: 'http://127.0.0.1:8787',
  cardChanged: false,
  wire: null,
  folders: null,
  signIn: { domain: '127.0.0.1:8787', statement: 'Sign in to HeartCoach with Home Agent.' },
  agent: { name: 'HeartCoach', address: `0x${'1'.repeat(40)}`, cardDigest: `0x${'2'.repeat(64)}`, chainId: 31337 },
  person: { address: `0x${'3'.repeat(40)}`, name: 'Alice Okoro' },
};
/** Waits until every message posted on a Port pair has arrived and what it set off has run. */
const tick = portsDrained;
let n = 0;
const queues: ConsentQueue[] = [];
afterEach(() => void queues.splice(0).forEach((q) => q.declineAll('the test ended')));

function setUp(sender: (id: string) => RuntimeSender, name = (id: string) => consentKeepaliveName(id)) {
  const consents = new ConsentQueue({ newId: () => `consent-${String(++n).padStart(8, '0')}`, now: () => 5 });
  queues.push(consents);
  const request = consents.open(detail);
  const { page, background } = portPair(name(request.id), sender(request.id));
  const heard: unknown[] = [];
  let dropped = false;
  page.onMessage.addListener((m) => heard.push(m));
  page.onDisconnect.addListener(() => (dropped = true));
  const pings = { count: 0 };
  serveConsentKeepalive(background, { consents, handled: () => void pings.count++ }, SELF);
  return { consents, request, page, heard, pings, dropped: () => dropped };
}
const consentPage = (id: string): RuntimeSender => ({
  id: SELF.id,
  url: `${SELF.origin}/consent.html?id=${id}`,
  origin: SELF.origin,
  tab: { id: 4 },
});

describe('the consent keepalive (background)', () => {
  it('accepts the consent window of a waiting request and counts its pings, holding the Port open', async () => {
    const s = setUp(consentPage);
    for (const seq of [1, 2, 3]) s.page.postMessage({ type: 'consent.ping', seq });
    await tick();
    expect(s.pings.count).toBe(3);
    expect(s.heard).toEqual([]);
    expect(s.dropped()).toBe(false);
  });

  it('refuses a content script, another of Home Agent’s pages, another request’s window and another extension, in words', async () => {
    const senders: [string, (id: string) => RuntimeSender, RegExp][] = [
      [
        'content script',
        () => ({ id: SELF.id, url: 'http://127.0.0.1:8787/', origin: 'http://127.0.0.1:8787', tab: { id: 9 } }),
        /consent window/,
      ],
      [
        'side panel',
        () => ({ id: SELF.id, url: `${SELF.origin}/sidepanel.html`, origin: SELF.origin }),
        /consent window/,
      ],
      ['other request', () => consentPage('consent-99999999'), /consent window/],
      ['other extension', (id) => ({ ...consentPage(id), id: 'anotherextension' }), /did not come from Home Agent/],
    ];
    for (const [, sender, words] of senders) {
      const s = setUp(sender);
      // Refused as it connected: the Port is already closed, as in Chromium a post on it throws.
      expect(() => s.page.postMessage({ type: 'consent.ping', seq: 1 })).toThrow(/disconnected port/);
      await tick();
      expect(s.heard).toEqual([
        {
          type: 'consent.refused',
          error: {
            code: expect.stringMatching(/SENDER_NOT_ALLOWED|FOREIGN_SENDER/),
            message: expect.stringMatching(words),
          },
        },
      ]);
      expect(s.dropped()).toBe(true);
      expect(s.pings.count).toBe(0);
    }
  });

  it('refuses a malformed or oversized ping and closes the Port; nothing after it counts', async () => {
    const bad = [
      { type: 'consent.ping', seq: 1, extra: true },
      { type: 'consent.pong', seq: 1 },
      { type: 'consent.ping', seq: -1 },
      { type: 'consent.ping', seq: 1, pad: 'x'.repeat(500) },
      'ping',
    ];
    for (const message of bad) {
      const s = setUp(consentPage);
      s.page.postMessage(message);
      await tick();
      expect(s.heard).toEqual([
        {
          type: 'consent.refused',
          error: { code: expect.stringMatching(/BAD_INPUT|TOO_LARGE/), message: expect.any(String) },
        },
      ]);
      expect(s.dropped()).toBe(true);
      expect(s.pings.count).toBe(0);
    }
  });

  it('refuses a request that is not waiting (a restarted worker no longer knows it) and a Port name without an id', async () => {
    const gone = setUp(consentPage);
    const other = portPair(consentKeepaliveName('consent-00000000'), consentPage('consent-00000000'));
    const heard: unknown[] = [];
    other.page.onMessage.addListener((m) => heard.push(m));
    serveConsentKeepalive(other.background, { consents: gone.consents }, SELF);
    await tick();
    expect(heard).toEqual([
      { type: 'consent.refused', error: { code: 'CONSENT_GONE', message: expect.stringMatching(/no longer waiting/) } },
    ]);
    const nameless = setUp(consentPage, () => 'home-agent/consent-keepalive/../x');
    await tick();
    expect(nameless.heard).toEqual([
      { type: 'consent.refused', error: expect.objectContaining({ code: 'BAD_INPUT' }) },
    ]);
  });

  it('stops when the person declines: the window is told how it ended and the Port closes', async () => {
    const s = setUp(consentPage);
    await s.consents.decide(s.request.id, { approve: false, reason: 'not now' });
    await tick();
    expect(s.heard).toEqual([{ type: 'consent.ended', ok: false, summary: 'Declined: not now. Nothing was signed.' }]);
    expect(s.dropped()).toBe(true);
  });

  it('holds on through the work after an approval and stops once it is done; a lock ends it too', async () => {
    const s = setUp(consentPage);
    const outcome = s.consents.decide(s.request.id, { approve: true, folders: [] });
    await s.request.decision;
    await tick();
    expect(s.dropped()).toBe(false);
    s.request.settle({ ok: true, summary: 'Signed in to HeartCoach.' });
    await outcome;
    await tick();
    expect(s.heard).toEqual([{ type: 'consent.ended', ok: true, summary: 'Signed in to HeartCoach.' }]);
    expect(s.dropped()).toBe(true);

    const locked = setUp(consentPage);
    locked.consents.declineAll('your Home was locked before you answered');
    await tick();
    expect(locked.heard).toEqual([
      {
        type: 'consent.ended',
        ok: false,
        summary: expect.stringMatching(/locked before you answered. Nothing was signed/),
      },
    ]);
  });

  it('a closed window stops watching: the request ending later posts nothing', async () => {
    const s = setUp(consentPage);
    s.page.disconnect();
    await tick();
    expect(() => s.consents.declineAll('later')).not.toThrow();
    await tick();
    expect(s.heard).toEqual([]);
  });

  it('listens only to its own Port names', () => {
    const served: string[] = [];
    const onConnect = {
      addListener: (l: (port: AskStreamPort) => void) =>
        ['home-agent.ask-stream', consentKeepaliveName('consent-12345678')].forEach((name) =>
          l({ ...portPair(name, {}).background, postMessage: () => void served.push(name) }),
        ),
    };
    listenForConsentKeepalives(onConnect, { consents: new ConsentQueue({ newId: () => 'x', now: () => 0 }) }, SELF);
    expect(served).toEqual([consentKeepaliveName('consent-12345678')]);
  });
});
