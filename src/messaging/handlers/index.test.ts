import { describe, expect, it } from 'vitest';
import { ExtensionRequest, MESSAGE_LIMITS } from '../../protocol/messages/index';
import { HOME_REQUESTS } from '../../protocol/messages/home';
import { PageRequest } from '../../protocol/page-provider';
import { createRegistry } from '../registry';
import { createRouter } from '../router';
import type { SenderContext } from '../sender';
import { backgroundHandlers } from '.';

const deps = {
  newId: () => 'fixed-id',
  worker: async () => ({ startId: 'w2', previousStartId: 'w1', starts: 2, startedAt: 5 }),
  pending: async () => [],
  stats: () => ({ handled: {}, refused: {} }),
  home: () => Promise.reject(new Error('The Home has its own tests (home.test.ts).')),
  agent: () => Promise.reject(new Error('The agent has its own tests (agent.test.ts), over the real harness.')),
  apps: () => Promise.reject(new Error('Connecting apps has its own tests (apps.test.ts, src/apps/heartcoach).')),
  tasks: () => Promise.reject(new Error('A2A tasks have their own tests (src/home/a2a-tasks/tasks.test.ts).')),
};
const panel: SenderContext = { kind: 'extension-page', origin: 'chrome-extension://x' };
const overlay: SenderContext = { kind: 'content-script', origin: 'http://127.0.0.1:3000', tabId: 1, frameId: 0 };
const frame: SenderContext = { kind: 'overlay-frame', origin: 'chrome-extension://x', tabId: 1, frameId: 5 };
const material = {
  text: 'Walk daily.',
  source: 'page-selection' as const,
  origin: 'http://127.0.0.1:3000',
  trust: 'untrusted' as const,
};

describe('the background handlers', () => {
  it('has exactly one handler per message type of the protocol', () => {
    const registry = createRegistry(backgroundHandlers(deps));
    const protocol = [...ExtensionRequest.options, ...PageRequest.options].map((o) => o.shape.type.value as string);
    expect(registry.types().sort()).toEqual(protocol.sort());
  });

  it('opens extension-page types to extension pages only, and home_ping to pages only', () => {
    const senders = Object.fromEntries(backgroundHandlers(deps).map((h) => [h.type, [...h.senders]]));
    expect(senders).toEqual({
      ask: ['extension-page', 'overlay-frame'],
      'pending.list': ['extension-page'],
      'worker.status': ['extension-page'],
      'router.stats': ['extension-page'],
      home_ping: ['page'],
      ...Object.fromEntries(
        HOME_REQUESTS.map((r) => [
          r.shape.type.value,
          r.shape.type.value === 'home.sidepanel.open' ? ['overlay-frame'] : ['extension-page'],
        ]),
      ),
      'agent.resume': ['extension-page', 'overlay-frame'],
      'agent.requirement': ['extension-page'],
      'agent.requirements': ['extension-page'],
      'agent.sign': ['extension-page'],
      'agent.decline': ['extension-page'],
      'agent.pending': ['extension-page'],
      'agent.preview': ['extension-page'],
      'agent.conversation.get': ['extension-page'],
      'agent.conversation.add': ['extension-page'],
      'agent.conversation.clear': ['extension-page'],
      'consent.get': ['extension-page'],
      'consent.decide': ['extension-page'],
      'apps.list': ['extension-page'],
      'apps.connect': ['extension-page'],
      'apps.folders': ['extension-page'],
      'apps.disconnect': ['extension-page'],
      'demo.clinician.load': ['extension-page'],
      home_connect: ['page'],
      home_grantAskAsMe: ['page'],
      home_ask: ['page'],
      SendMessage: ['page'],
      GetTask: ['page'],
      CancelTask: ['page'],
      'overlay.material.put': ['content-script'],
      'overlay.material.take': ['overlay-frame'],
    });
  });

  it('refuses quoted material claiming another origin than the sending page, and a content script asking itself', async () => {
    const router = createRouter(createRegistry(backgroundHandlers(deps)));
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA';
    const reply = await router.route(
      { type: 'overlay.material.put', nonce, material: { ...material, origin: 'https://bank.example' } },
      overlay,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'ORIGIN_MISMATCH' } });
    const ask = await router.route({ type: 'ask', words: 'Do it', material }, overlay);
    expect(ask).toMatchObject({
      ok: false,
      error: {
        code: 'SENDER_NOT_ALLOWED',
        message: expect.stringContaining("Home Agent's content script in a web page"),
      },
    });
    expect(await router.route({ type: 'overlay.material.take', nonce }, frame)).toMatchObject({
      ok: false,
      error: { code: 'NO_QUOTED_TEXT' },
    });
  });

  it('answers the popup, the worker status and the page ping', async () => {
    const router = createRouter(createRegistry(backgroundHandlers(deps)));
    expect(await router.route({ type: 'pending.list' }, panel)).toEqual({ ok: true, data: { requests: [] } });
    expect(await router.route({ type: 'worker.status' }, panel)).toMatchObject({
      ok: true,
      data: { previousStartId: 'w1' },
    });
    expect(await router.route({ type: 'page.relay', method: 'home_ping' }, overlay)).toEqual({
      ok: true,
      data: { origin: 'http://127.0.0.1:3000', agent: 'home-agent' },
    });
    const long = await router.route({ type: 'ask', words: 'x'.repeat(MESSAGE_LIMITS.words + 1) }, panel);
    expect(long).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });
});
