import { afterEach, describe, expect, it } from 'vitest';
import { ConsentQueue, type ConsentDetail } from '../apps/heartcoach/consents';
import { holdConsentOpen, type KeepaliveEvents, type KeepaliveTimers } from './consent-keepalive-client';
import { CONSENT_PING_MS } from './consent-keepalive-messages';
import { serveConsentKeepalive } from './consent-keepalive';
import { portPair, portsDrained } from './testing/port-pair';

/**
 * The consent window's half against the background's, over a Node Port pair and the real consent queue: it pings at
 * once and then on its interval, hears how its request ended, and tells a dropped Port (the worker gone) apart.
 */
const SELF = { id: 'homeagentextensionid', origin: 'chrome-extension://homeagentextensionid' };
const detail: ConsentDetail = {
  kind: 'grant',
  origin: 'http://127.0.0.1:8787',
  cardChanged: false,
  signIn: null,
  folders: null,
  agent: { name: 'HeartCoach', address: `0x${'1'.repeat(40)}`, cardDigest: `0x${'2'.repeat(64)}`, chainId: 31337 },
  person: { address: `0x${'3'.repeat(40)}`, name: 'Alice Okoro' },
  wire: {
    capability: 'harness.ask',
    mayAsk: true,
    mayAct: false,
    read: { folders: ['readings'], kinds: ['contacts'] },
    expiresAt: '2026-12-30T00:00:00.000Z',
  },
};
/** Waits until every message posted on a Port pair has arrived and what it set off has run. */
const tick = portsDrained;

/** An interval the test fires by hand: what was scheduled, at which period, and whether it was cleared. */
function handTimers() {
  const state = { runs: [] as (() => void)[], periods: [] as number[], cleared: 0 };
  const timers: KeepaliveTimers = {
    setInterval: (run, ms) => (state.runs.push(run), state.periods.push(ms), state.runs.length - 1),
    clearInterval: () => void state.cleared++,
  };
  return { state, timers, fire: () => state.runs.forEach((run) => run()) };
}

let queue: ConsentQueue;
afterEach(() => void queue.declineAll('the test ended'));

function open() {
  queue = new ConsentQueue({ newId: () => 'consent-abcdef12', now: () => 5 });
  const request = queue.open(detail);
  const { page, background } = portPair('', {
    id: SELF.id,
    url: `${SELF.origin}/consent.html?id=${request.id}`,
    origin: SELF.origin,
  });
  const seen = { ended: [] as unknown[], refused: [] as unknown[], lost: 0, pings: 0 };
  const events: KeepaliveEvents = {
    ended: (n) => void seen.ended.push(n),
    refused: (e) => void seen.refused.push(e),
    lost: () => void seen.lost++,
  };
  const hand = handTimers();
  const stop = holdConsentOpen(
    ({ name }) => {
      background.name = name;
      serveConsentKeepalive(background, { consents: queue, handled: () => void seen.pings++ }, SELF);
      return page;
    },
    request.id,
    events,
    hand.timers,
  );
  return { request, page, background, seen, hand, stop };
}

describe('the consent keepalive (window)', () => {
  it('pings at once and then every interval, which the background counts', async () => {
    const w = open();
    await tick();
    expect(w.seen.pings).toBe(1);
    expect(w.hand.state.periods).toEqual([CONSENT_PING_MS]);
    expect(CONSENT_PING_MS).toBeLessThan(30_000);
    w.hand.fire();
    w.hand.fire();
    await tick();
    expect(w.seen.pings).toBe(3);
    expect(w.seen).toMatchObject({ ended: [], refused: [], lost: 0 });
  });

  it('hears how its request ended (here, a lock) and stops pinging, without calling it lost', async () => {
    const w = open();
    queue.declineAll('your Home was locked before you answered');
    await tick();
    expect(w.seen.ended).toEqual([
      { ok: false, summary: 'Declined: your Home was locked before you answered. Nothing was signed.' },
    ]);
    expect(w.seen.lost).toBe(0);
    expect(w.hand.state.cleared).toBe(1);
  });

  it('a Port that drops without a word is lost (the worker stopped); stopping it itself is not', async () => {
    const w = open();
    await tick();
    w.background.disconnect();
    await tick();
    expect(w.seen.lost).toBe(1);
    expect(w.hand.state.cleared).toBe(1);

    const v = open();
    await tick();
    v.stop();
    await tick();
    expect(v.seen.lost).toBe(0);
    expect(v.background.closed).toBe(true);
  });

  it('a request the background does not know (a new worker) comes back refused in words, not lost', async () => {
    const w = open();
    queue.declineAll('gone before the window held it');
    await tick();
    const again = holdConsentOpen(
      () => {
        const pair = portPair('', {
          id: SELF.id,
          url: `${SELF.origin}/consent.html?id=${w.request.id}`,
          origin: SELF.origin,
        });
        pair.background.name = `home-agent/consent-keepalive/${w.request.id}`;
        serveConsentKeepalive(pair.background, { consents: queue }, SELF);
        return pair.page;
      },
      w.request.id,
      { ended: () => undefined, refused: (e) => void w.seen.refused.push(e), lost: () => void w.seen.lost++ },
      handTimers().timers,
    );
    await tick();
    expect(w.seen.refused).toEqual([{ code: 'CONSENT_GONE', message: expect.stringMatching(/no longer waiting/) }]);
    expect(w.seen.lost).toBe(0);
    again();
  });
});
