import { describe, expect, it } from 'vitest';
import { CONSENT_TIMEOUT_MS, ConsentQueue, type ConsentDetail } from './consents';
import { grantable } from './connect';

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
let n = 0;
const queue = (timeoutMs?: number) =>
  new ConsentQueue({
    newId: () => `consent-${String(++n).padStart(8, '0')}`,
    now: () => 5,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

/** The consent window's queue: one answer per request, by its id; unanswered and locked requests are declined. */
describe('ConsentQueue', () => {
  it('resolves a request once, by its id, and reports what the approval did', async () => {
    const q = queue();
    const open = q.open(detail);
    expect(q.view(open.id)).toMatchObject({ id: open.id, kind: 'grant', createdAt: 5 });
    const outcome = q.decide(open.id, { approve: true, folders: [] });
    expect(await open.decision).toEqual({ approve: true, folders: [] });
    await expect(q.decide(open.id, { approve: false, reason: 'twice' })).rejects.toThrow(/no longer waiting/);
    open.settle({ ok: true, summary: 'granted' });
    expect(await outcome).toEqual({ ok: true, summary: 'granted' });
    expect(() => q.view(open.id)).toThrow(/no longer waiting/);
  });

  it('a decline signs nothing and says so; an unknown id is refused in words', async () => {
    const q = queue();
    const open = q.open(detail);
    expect(await q.decide(open.id, { approve: false, reason: 'not now' })).toMatchObject({
      ok: false,
      error: { code: 'DECLINED', message: 'You declined: not now. Nothing was signed.' },
    });
    expect(await open.decision).toEqual({ approve: false, reason: 'not now' });
    await expect(q.decide('consent-unknown', { approve: true, folders: [] })).rejects.toThrow(/no longer waiting/);
  });

  it('consent does not survive a lock, and an unanswered request is declined when its time is up', async () => {
    const q = queue(30);
    const a = q.open(detail);
    const b = q.open(detail);
    expect(q.declineAll('your Home was locked before you answered')).toBe(2);
    expect(await a.decision).toEqual({ approve: false, reason: 'your Home was locked before you answered' });
    expect(await b.decision).toMatchObject({ approve: false });
    expect(q.pending()).toEqual([]);
    const late = q.open(detail);
    expect(await late.decision).toEqual({
      approve: false,
      reason: 'you did not answer within four and a half minutes',
    });
  });
});

describe('ConsentQueue.watch', () => {
  it('tells a watcher once how the request ended, and nothing once it stopped watching or the request is gone', async () => {
    const q = queue();
    const open = q.open(detail);
    const heard: string[] = [];
    const unwatch = q.watch(open.id, (o) => heard.push(`a: ${o.summary}`));
    const stopped = q.watch(open.id, (o) => heard.push(`b: ${o.summary}`));
    expect(unwatch).toBeTypeOf('function');
    stopped!();
    const outcome = q.decide(open.id, { approve: true, folders: [] });
    expect(heard).toEqual([]);
    open.settle({ ok: true, summary: 'granted' });
    open.settle({ ok: false, summary: 'twice' });
    expect(await outcome).toEqual({ ok: true, summary: 'granted' });
    expect(heard).toEqual(['a: granted']);
    expect(q.watch(open.id, () => undefined)).toBeUndefined();
    expect(q.watch('consent-unknown', () => undefined)).toBeUndefined();
  });

  it('declines an unanswered request before Chrome’s five-minute cap on the event the page is waiting on', () => {
    expect(CONSENT_TIMEOUT_MS).toBeLessThanOrEqual(5 * 60_000 - 30_000);
    expect(CONSENT_TIMEOUT_MS).toBeGreaterThanOrEqual(4 * 60_000);
  });
});

describe('grantable', () => {
  it('narrows to what the app asked for and the person ticked, never wider', () => {
    expect(grantable(['profile', 'readings', 'doses'], ['doses', 'guidance', 'readings', 'doses'])).toEqual([
      'doses',
      'readings',
    ]);
    expect(grantable([], ['profile'])).toEqual([]);
  });
});
