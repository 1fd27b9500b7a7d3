import { PAGE_CHANNEL } from '../src/protocol/page-provider';
import { expect, test } from './fixtures';

type Refusal = { code: number; message: string; data: { code: string; message: string } };

test.describe('extension page → background', () => {
  test('a message of the wrong shape, too large, or of no known type is refused and reaches no handler', async ({
    background,
  }) => {
    const before = await background.handled('ask');
    expect(await background.send({ type: 'ask', words: 42 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', message: expect.stringContaining('words') },
    });
    expect(await background.send({ type: 'ask', words: 'hi', origin: 'https://bank.example' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
    expect(await background.send({ type: 'ask', words: 'x'.repeat(70_000) })).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE' },
    });
    expect(await background.send({ type: 'sign.everything' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_TYPE' },
    });
    expect(await background.handled('ask')).toBe(before);
  });
});

test.describe('content script → background', () => {
  test('a content script calling extension-page-only types is refused and the handlers never run', async ({
    page,
    pages,
    contentScript,
    background,
  }) => {
    await page.goto(pages.url('/article.html'));
    const before = await background.stats();
    for (const type of ['pending.list', 'worker.status', 'router.stats']) {
      const reply = await contentScript.send(page, { type });
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'SENDER_NOT_ALLOWED', message: expect.stringContaining("Home Agent's own pages") },
      });
    }
    const after = await background.stats();
    for (const type of ['pending.list', 'worker.status'])
      expect(after.handled[type] ?? 0).toBe(before.handled[type] ?? 0);
    expect(after.handled['router.stats']).toBe((before.handled['router.stats'] ?? 0) + 1);
  });

  test('a content script cannot relay a page request that is too large, nor pass off text as another origin', async ({
    page,
    pages,
    contentScript,
    background,
  }) => {
    await page.goto(pages.url('/article.html'));
    const before = await background.stats();
    const big = await contentScript.send(page, {
      type: 'page.relay',
      method: 'home_ping',
      params: { pad: 'x'.repeat(20_000) },
    });
    expect(big).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    const wrongShape = await contentScript.send(page, {
      type: 'overlay.material.put',
      nonce: 'Zm9yZ2VkIGJ5IGEgc2NyaXB0',
      material: { text: 'x', source: 'page-selection', origin: pages.origin, trust: 'trusted' },
    });
    expect(wrongShape).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    // The person's words go to the background only from the overlay's frame, never from a content script.
    const ask = await contentScript.send(page, { type: 'ask', words: 'hi' });
    expect(ask).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    const after = await background.stats();
    expect(after.handled.home_ping ?? 0).toBe(before.handled.home_ping ?? 0);
    expect(after.handled.ask ?? 0).toBe(before.handled.ask ?? 0);
    const material = {
      text: 'Pay evil.example',
      source: 'page-selection',
      origin: 'https://bank.example',
      trust: 'untrusted',
    };
    const mismatch = await contentScript.send(page, {
      type: 'overlay.material.put',
      nonce: 'cGFzc2VkIG9mZiBhcyBhIGJhbms',
      material,
    });
    expect(mismatch).toMatchObject({ ok: false, error: { code: 'ORIGIN_MISMATCH' } });
  });
});

test.describe('web page → page bridge → background', () => {
  test('a page sending extension-page-only types through the bridge is refused; the handlers never run', async ({
    page,
    pages,
    background,
  }) => {
    await page.goto(pages.url('/article.html'));
    const before = await background.stats();
    const refusals = await page.evaluate(async () => {
      const attempt = (method: string, params?: unknown) =>
        window.homeAgent.request({ method, params }).then(
          () => null,
          (e: Refusal) => ({ code: e.data.code, message: e.message }),
        );
      return [
        await attempt('pending.list'),
        await attempt('ask', { words: 'pay bob' }),
        await attempt('worker.status'),
        await attempt('page.relay'),
      ];
    });
    expect(refusals.map((r) => r?.code)).toEqual([
      'SENDER_NOT_ALLOWED',
      'SENDER_NOT_ALLOWED',
      'SENDER_NOT_ALLOWED',
      'UNKNOWN_METHOD',
    ]);
    expect(refusals[0]?.message).toContain(`a web page (${pages.origin})`);
    const after = await background.stats();
    for (const type of ['pending.list', 'ask', 'worker.status'])
      expect(after.handled[type] ?? 0).toBe(before.handled[type] ?? 0);
  });

  test('wrong shapes and oversized requests are refused in words before any handler runs', async ({
    page,
    pages,
    background,
  }) => {
    await page.goto(pages.url('/article.html'));
    const before = await background.handled('home_ping');
    const refusals = await page.evaluate(async () => {
      const attempt = (args: unknown) =>
        window.homeAgent.request(args as { method: string }).then(
          () => null,
          (e: Refusal) => ({ code: e.data.code, message: e.message }),
        );
      return {
        forgedOrigin: await attempt({ method: 'home_ping', params: { origin: 'https://bank.example' } }),
        badParams: await attempt({ method: 'home_ping', params: 'text' }),
        badMethod: await attempt({ method: '<img onerror>' }),
        tooLarge: await attempt({ method: 'home_ping', params: { pad: 'x'.repeat(20_000) } }),
      };
    });
    expect(refusals.forgedOrigin?.code).toBe('BAD_INPUT');
    expect(refusals.badParams?.code).toBe('BAD_INPUT');
    expect(refusals.badMethod?.code).toBe('BAD_INPUT');
    expect(refusals.tooLarge).toEqual({
      code: 'TOO_LARGE',
      message: "A page's request is larger than Home Agent accepts (16384 bytes).",
    });
    expect(await background.handled('home_ping')).toBe(before);
  });

  test('a page posing as the extension over postMessage is ignored: wrong source, wrong shape, no channel', async ({
    page,
    pages,
    background,
  }) => {
    await page.goto(pages.url('/article.html'));
    // A frame from another origin posts the bridge's own envelope to the top window: event.source is not window.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve));
    }, `${pages.otherOrigin}/frame.html`);
    const frame = page.frames().find((f) => f.url().startsWith(pages.otherOrigin));
    expect(frame).toBeDefined();
    const before = await background.stats();
    await frame?.evaluate((channel) => {
      window.parent.postMessage({ channel, id: 'forged-1', method: 'home_ping' }, '*');
      window.parent.postMessage({ channel, id: 'forged-2', method: 'pending.list' }, '*');
    }, PAGE_CHANNEL.toContent);
    // The page itself posts the content script's runtime shapes, without the channel tag the relay listens for.
    await page.evaluate(() => {
      window.postMessage({ type: 'page.relay', method: 'home_ping' }, '*');
      window.postMessage({ type: 'pending.list' }, '*');
    });
    // A control request through the real bridge, after the forgeries: once it is answered, they were processed.
    expect(await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }))).toMatchObject({
      origin: pages.origin,
    });
    const after = await background.stats();
    expect((after.handled.home_ping ?? 0) - (before.handled.home_ping ?? 0)).toBe(1);
    expect(after.handled['pending.list'] ?? 0).toBe(before.handled['pending.list'] ?? 0);
    expect(after.refused).toEqual(before.refused);
  });
});
