import { describe, expect, it } from 'vitest';
import { HOME_REQUESTS } from '../../protocol/messages/home';
import { createRegistry } from '../registry';
import { createRouter } from '../router';
import type { SenderContext } from '../sender';
import { backgroundHandlers } from '.';

const refuse = () => Promise.reject(new Error('not reached: the router refuses before any handler runs'));
const deps = {
  newId: () => 'id',
  worker: refuse,
  pending: async () => [],
  stats: () => ({ handled: {}, refused: {} }),
  home: refuse,
  agent: refuse,
  apps: refuse,
  tasks: refuse,
};
const origin = 'http://127.0.0.1:3000';
const contentScript: SenderContext = { kind: 'content-script', origin, tabId: 9, frameId: 0 };
const frame: SenderContext = { kind: 'overlay-frame', origin: 'chrome-extension://x', tabId: 9, frameId: 4 };
const material = {
  text: 'Walk twenty minutes a day.',
  source: 'page-selection' as const,
  origin,
  trust: 'untrusted' as const,
};
const NONCE = 'Zm9yIHRoaXMgb3ZlcmxheQ';

function router() {
  const built = createRouter(createRegistry(backgroundHandlers(deps)));
  return {
    route: (message: unknown, sender: SenderContext) => built.route(message, sender),
    stats: () => built.stats(),
  };
}

describe("the overlay's quoted-material hand-off", () => {
  it("gives the content script's selection to the overlay frame in the same tab, once", async () => {
    const r = router();
    expect(await r.route({ type: 'overlay.material.put', nonce: NONCE, material }, contentScript)).toEqual({
      ok: true,
      data: { kept: true },
    });
    expect(await r.route({ type: 'overlay.material.take', nonce: NONCE }, frame)).toEqual({
      ok: true,
      data: { material },
    });
    expect(await r.route({ type: 'overlay.material.take', nonce: NONCE }, frame)).toMatchObject({
      ok: false,
      error: { code: 'NO_QUOTED_TEXT', message: expect.stringMatching(/no longer holds the text you selected/) },
    });
    expect(
      await r.route(
        { type: 'overlay.material.put', nonce: 'QW5vdGhlciBvcGVuaW5nIG5vdw', material: null },
        contentScript,
      ),
    ).toMatchObject({ ok: true });
    expect(await r.route({ type: 'overlay.material.take', nonce: 'QW5vdGhlciBvcGVuaW5nIG5vdw' }, frame)).toEqual({
      ok: true,
      data: { material: null },
    });
  });

  it('refuses a take from another tab (and keeps it for the right one), from a content script, a page or an extension page', async () => {
    const r = router();
    await r.route({ type: 'overlay.material.put', nonce: NONCE, material }, contentScript);
    expect(await r.route({ type: 'overlay.material.take', nonce: NONCE }, { ...frame, tabId: 10 })).toMatchObject({
      ok: false,
      error: { code: 'NO_QUOTED_TEXT' },
    });
    for (const sender of [
      contentScript,
      { ...contentScript, kind: 'page' as const },
      { kind: 'extension-page' as const, origin: 'chrome-extension://x' },
    ]) {
      const reply = await r.route({ type: 'overlay.material.take', nonce: NONCE }, sender);
      expect(reply).toMatchObject({
        ok: false,
        error: {
          code: 'SENDER_NOT_ALLOWED',
          message: expect.stringContaining("open only to Home Agent's overlay conversation inside a web page"),
        },
      });
    }
    expect(
      await r.route({ type: 'page.relay', method: 'overlay.material.take', params: { nonce: NONCE } }, contentScript),
    ).toMatchObject({ ok: false });
    expect(r.stats().handled['overlay.material.take']).toBe(1);
    expect(await r.route({ type: 'overlay.material.take', nonce: NONCE }, frame)).toEqual({
      ok: true,
      data: { material },
    });
  });

  it("refuses a put that is not from the top frame's content script, names another origin, reuses a nonce or is oversized", async () => {
    const r = router();
    expect(
      await r.route({ type: 'overlay.material.put', nonce: NONCE, material }, { ...contentScript, frameId: 2 }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_TOP_FRAME' } });
    expect(
      await r.route(
        { type: 'overlay.material.put', nonce: NONCE, material: { ...material, origin: 'https://bank.example' } },
        contentScript,
      ),
    ).toMatchObject({ ok: false, error: { code: 'ORIGIN_MISMATCH' } });
    expect(await r.route({ type: 'overlay.material.put', nonce: NONCE, material }, frame)).toMatchObject({
      ok: false,
      error: { code: 'SENDER_NOT_ALLOWED' },
    });
    expect(await r.route({ type: 'overlay.material.put', nonce: NONCE, material }, contentScript)).toMatchObject({
      ok: true,
    });
    expect(await r.route({ type: 'overlay.material.put', nonce: NONCE, material }, contentScript)).toMatchObject({
      ok: false,
      error: { code: 'NONCE_IN_USE' },
    });
    expect(await r.route({ type: 'overlay.material.put', nonce: 'short', material }, contentScript)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
    expect(
      await r.route(
        {
          type: 'overlay.material.put',
          nonce: 'QW5vdGhlciBvcGVuaW5nIG5vdw',
          material: { ...material, text: 'x'.repeat(8001) },
        },
        contentScript,
      ),
    ).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(
      await r.route(
        { type: 'overlay.material.put', nonce: 'QW5vdGhlciBvcGVuaW5nIG5vdw', material, extra: 1 },
        contentScript,
      ),
    ).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });

  it('keeps at most 32 selections: the oldest unopened one goes first', async () => {
    const r = router();
    const nonces = Array.from({ length: 33 }, (_, i) => `nonce-number-${String(i).padStart(10, '0')}`);
    for (const nonce of nonces)
      expect(await r.route({ type: 'overlay.material.put', nonce, material }, contentScript)).toMatchObject({
        ok: true,
      });
    expect(await r.route({ type: 'overlay.material.take', nonce: nonces[0] }, frame)).toMatchObject({
      ok: false,
      error: { code: 'NO_QUOTED_TEXT' },
    });
    expect(await r.route({ type: 'overlay.material.take', nonce: nonces[32] }, frame)).toMatchObject({ ok: true });
  });
});

describe('the overlay frame and the Home', () => {
  it("is refused, in words, everything that is the Home's: keys, vault, export and import, settings, revocations, signing", async () => {
    const r = router();
    const homeOnly = [
      ...HOME_REQUESTS.map((q) => q.shape.type.value).filter((t) => t !== 'home.sidepanel.open'),
      'agent.sign',
      'agent.requirement',
      'agent.pending',
      'agent.preview',
      'pending.list',
      'router.stats',
    ];
    for (const type of homeOnly) {
      const reply = await r.route({ type }, frame);
      expect(reply, type).toMatchObject({
        ok: false,
        error: {
          code: 'SENDER_NOT_ALLOWED',
          message: `"${type}" is open only to Home Agent's own pages (side panel, popup, options); this came from Home Agent's overlay conversation inside a web page.`,
        },
      });
    }
    expect(Object.keys(r.stats().handled)).toEqual([]);
  });
});
