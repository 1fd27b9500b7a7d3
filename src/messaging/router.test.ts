import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HomeError } from '../protocol/errors';
import { MESSAGE_LIMITS } from '../protocol/messages/index';
import { PAGE_LIMITS } from '../protocol/page-provider';
import { defineHandler } from './handler';
import { createRegistry } from './registry';
import { bridgeOrigins } from './page/bridge-origins';
import { createRouter } from './router';
import type { SenderContext } from './sender';

const extensionPage: SenderContext = { kind: 'extension-page', origin: 'chrome-extension://abc' };
const contentScript: SenderContext = { kind: 'content-script', origin: 'http://127.0.0.1:5173', tabId: 7, frameId: 0 };

/** A router over spied handlers: one per sender rule, so each test can prove which handler ran and which did not. */
function setup() {
  const pageOnly = vi.fn((_request: { type: 'home_ping' }, sender: SenderContext) => ({ origin: sender.origin }));
  const pagesOnly = vi.fn(() => ({ requests: [] as string[] }));
  const both = vi.fn((request: { type: 'ask'; words: string }) => ({ echoed: request.words }));
  const throwing = vi.fn((): { never: true } => {
    throw new HomeError('LOCKED', 'Unlock Home Agent first.');
  });
  const lying = vi.fn(() => ({ wrong: 1 }) as unknown as { right: number });
  const registry = createRegistry([
    defineHandler({
      type: 'home_ping',
      senders: ['page'],
      request: z.strictObject({ type: z.literal('home_ping') }),
      reply: z.strictObject({ origin: z.string() }),
      handle: pageOnly,
    }),
    defineHandler({
      type: 'pending.list',
      senders: ['extension-page'],
      request: z.strictObject({ type: z.literal('pending.list') }),
      reply: z.strictObject({ requests: z.array(z.string()) }),
      handle: pagesOnly,
    }),
    defineHandler({
      type: 'ask',
      senders: ['extension-page', 'content-script'],
      request: z.strictObject({ type: z.literal('ask'), words: z.string().max(100) }),
      reply: z.strictObject({ echoed: z.string() }),
      handle: both,
    }),
    defineHandler({
      type: 'lock',
      senders: ['extension-page'],
      request: z.strictObject({ type: z.literal('lock') }),
      reply: z.strictObject({ never: z.literal(true) }),
      handle: throwing,
    }),
    defineHandler({
      type: 'lie',
      senders: ['extension-page'],
      request: z.strictObject({ type: z.literal('lie') }),
      reply: z.strictObject({ right: z.number() }),
      handle: lying,
    }),
  ]);
  return { router: createRouter(registry), registry, pageOnly, pagesOnly, both, throwing, lying };
}

describe('the background router', () => {
  it('runs the handler of the type for an allowed sender and replies ok', async () => {
    const { router, both, pagesOnly } = setup();
    expect(await router.route({ type: 'ask', words: 'hello' }, extensionPage)).toEqual({
      ok: true,
      data: { echoed: 'hello' },
    });
    expect(await router.route({ type: 'ask', words: 'from overlay' }, contentScript)).toEqual({
      ok: true,
      data: { echoed: 'from overlay' },
    });
    expect(await router.route({ type: 'pending.list' }, extensionPage)).toEqual({ ok: true, data: { requests: [] } });
    expect(both).toHaveBeenCalledTimes(2);
    expect(pagesOnly).toHaveBeenCalledTimes(1);
    expect(router.stats().handled).toEqual({ ask: 2, 'pending.list': 1 });
  });

  it('refuses a content script calling an extension-page-only type, before parsing, without running it', async () => {
    const { router, pagesOnly } = setup();
    const reply = await router.route({ type: 'pending.list' }, contentScript);
    expect(reply).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    expect(reply?.ok === false && reply.error.message).toMatch(/open only to Home Agent's own pages/);
    expect(pagesOnly).not.toHaveBeenCalled();
    expect(router.stats().refused).toEqual({ SENDER_NOT_ALLOWED: 1 });
  });

  it('unwraps a page relay into a `page` sender with the content script origin, never an origin in the body', async () => {
    const { router, pageOnly } = setup();
    const reply = await router.route({ type: 'page.relay', method: 'home_ping' }, contentScript);
    expect(reply).toEqual({ ok: true, data: { origin: 'http://127.0.0.1:5173' } });
    expect(pageOnly.mock.calls[0]?.[1]).toEqual({ ...contentScript, kind: 'page' });
    const forged = await router.route(
      { type: 'page.relay', method: 'home_ping', origin: 'https://bank.example' },
      contentScript,
    );
    expect(forged).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const params = await router.route(
      { type: 'page.relay', method: 'home_ping', params: { origin: 'https://bank.example' } },
      contentScript,
    );
    expect(params).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(pageOnly).toHaveBeenCalledTimes(1);
  });

  it('refuses a page calling an extension-page type or a method that does not exist', async () => {
    const { router, pagesOnly, both } = setup();
    const posing = await router.route({ type: 'page.relay', method: 'pending.list' }, contentScript);
    expect(posing).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    expect(posing?.ok === false && posing.error.message).toMatch(/a web page \(http:\/\/127\.0\.0\.1:5173\)/);
    const ask = await router.route({ type: 'page.relay', method: 'ask', params: { words: 'x' } }, contentScript);
    expect(ask).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    const unknown = await router.route({ type: 'page.relay', method: 'eth_sendTransaction' }, contentScript);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(pagesOnly).not.toHaveBeenCalled();
    expect(both).not.toHaveBeenCalled();
  });

  it('refuses a relay from anything but a content script, and a page without an http(s) origin', async () => {
    const { router, pageOnly } = setup();
    expect(await router.route({ type: 'page.relay', method: 'home_ping' }, extensionPage)).toMatchObject({
      ok: false,
      error: { code: 'SENDER_NOT_ALLOWED' },
    });
    const fileScheme = { ...contentScript, origin: 'file://' };
    expect(await router.route({ type: 'page.relay', method: 'home_ping' }, fileScheme)).toMatchObject({
      ok: false,
      error: { code: 'PAGE_ORIGIN_UNKNOWN' },
    });
    expect(await router.route({ type: 'home_ping' }, contentScript)).toMatchObject({
      ok: false,
      error: { code: 'SENDER_NOT_ALLOWED' },
    });
    expect(pageOnly).not.toHaveBeenCalled();
  });

  it('answers a relay only from a page the bridge is registered for: loopback, or an app the person connected', async () => {
    const { registry, pageOnly } = setup();
    const connected: string[] = [];
    const router = createRouter(
      registry,
      bridgeOrigins(async () => connected),
    );
    const stranger = { ...contentScript, origin: 'https://evil.example' };
    const refused = await router.route({ type: 'page.relay', method: 'home_ping' }, stranger);
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'PAGE_ORIGIN_NOT_ALLOWED',
        message:
          "Home Agent answers only this computer's own pages and the apps you connected; https://evil.example is neither, so it may not ask Home Agent anything.",
      }),
    });
    expect(pageOnly).not.toHaveBeenCalled();
    connected.push('https://evil.example');
    expect(await router.route({ type: 'page.relay', method: 'home_ping' }, stranger)).toEqual({
      ok: true,
      data: { origin: 'https://evil.example' },
    });
    const lookalike = { ...contentScript, origin: 'http://127.0.0.1.evil.example' };
    expect(await router.route({ type: 'page.relay', method: 'home_ping' }, lookalike)).toMatchObject({
      ok: false,
      error: { code: 'PAGE_ORIGIN_NOT_ALLOWED' },
    });
  });

  it('refuses wrong shapes in words without running the handler', async () => {
    const { router, both } = setup();
    const reply = await router.route({ type: 'ask', words: 12 }, extensionPage);
    expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(reply?.ok === false && reply.error.message).toMatch(/^The input was refused — words:/);
    expect(await router.route({ type: 'ask', words: 'x', extra: 1 }, extensionPage)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
    expect(await router.route('ask', extensionPage)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TYPE' } });
    expect(await router.route(null, extensionPage)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TYPE' } });
    expect(await router.route({ type: 'sign.everything' }, extensionPage)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_TYPE' },
    });
    expect(both).not.toHaveBeenCalled();
    expect(router.stats().refused).toEqual({ BAD_INPUT: 2, UNKNOWN_TYPE: 3 });
  });

  it('refuses a payload over the total cap before anything else, and a page relay over the page cap', async () => {
    const { router, both, pageOnly } = setup();
    const huge = { type: 'ask', words: 'x', padding: 'y'.repeat(MESSAGE_LIMITS.payloadBytes) };
    expect(await router.route(huge, extensionPage)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    const wide = { type: 'ask', words: 'é'.repeat(MESSAGE_LIMITS.payloadBytes / 2) };
    expect(await router.route(wide, extensionPage)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    const bigRelay = { type: 'page.relay', method: 'home_ping', params: { pad: 'z'.repeat(PAGE_LIMITS.payloadBytes) } };
    expect(await router.route(bigRelay, contentScript)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
    expect(both).not.toHaveBeenCalled();
    expect(pageOnly).not.toHaveBeenCalled();
  });

  it('turns a thrown HomeError into its WireError, and a reply that breaks its schema into INTERNAL', async () => {
    const { router, throwing, lying } = setup();
    expect(await router.route({ type: 'lock' }, extensionPage)).toEqual({
      ok: false,
      error: { code: 'LOCKED', message: 'Unlock Home Agent first.' },
    });
    const lie = await router.route({ type: 'lie' }, extensionPage);
    expect(lie).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(throwing).toHaveBeenCalledTimes(1);
    expect(lying).toHaveBeenCalledTimes(1);
  });

  it('leaves broadcasts between extension pages unanswered so it does not swallow them', async () => {
    const { router } = setup();
    expect(router.route({ type: 'pending.changed' }, extensionPage)).toBeUndefined();
    expect(await router.route({ type: 'pending.changed' }, contentScript)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_TYPE' },
    });
  });

  it('refuses two handlers for one type when the registry is built', () => {
    const handler = defineHandler({
      type: 'x',
      senders: ['extension-page'],
      request: z.strictObject({ type: z.literal('x') }),
      reply: z.null(),
      handle: () => null,
    });
    expect(() => createRegistry([handler, handler])).toThrow(/Two handlers .* "x"/);
  });
});
