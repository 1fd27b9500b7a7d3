import { describe, expect, it } from 'vitest';
import { ANNOUNCE_EVENT, REQUEST_EVENT, type HomeAgentAnnouncement } from './announce';
import { installHomeAgent } from './install';

function pageWindow() {
  const target = new EventTarget() as EventTarget & Record<string, unknown>;
  return Object.assign(target, {
    postMessage: () => undefined,
    location: { origin: 'http://127.0.0.1:4000' },
  }) as unknown as Parameters<typeof installHomeAgent>[0] & EventTarget & { homeAgent?: unknown };
}

describe('the announcement of window.homeAgent', () => {
  it('announces on install and again on request, under our own event names (never eip6963:*)', () => {
    const win = pageWindow();
    const heard: HomeAgentAnnouncement[] = [];
    win.addEventListener(ANNOUNCE_EVENT, (e: Event) => heard.push((e as CustomEvent<HomeAgentAnnouncement>).detail));
    const wallets: unknown[] = [];
    win.addEventListener('eip6963:announceProvider', (e: Event) => wallets.push(e));
    installHomeAgent(win);
    win.dispatchEvent(new Event(REQUEST_EVENT));
    expect(heard).toHaveLength(2);
    expect(heard[0]!.provider).toBe(win.homeAgent);
    expect(heard[0]!.info).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Home Agent',
      icon: expect.stringMatching(/^data:image\/svg\+xml,/),
    });
    expect(Object.isFrozen(heard[0])).toBe(true);
    expect(wallets).toEqual([]);
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(heard).toHaveLength(2);
  });

  it('installs once and read-only', () => {
    const win = pageWindow();
    installHomeAgent(win);
    const first = win.homeAgent;
    installHomeAgent(win);
    expect(win.homeAgent).toBe(first);
    expect(Reflect.set(win, 'homeAgent', {})).toBe(false);
  });
});
