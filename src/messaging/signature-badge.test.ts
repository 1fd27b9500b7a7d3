import { describe, expect, it } from 'vitest';
import { ok } from '../protocol/errors';
import { message } from '../ui/words/messages';
import type { Router } from './router';
import { createSignatureBadge, watchSignatureRequests, type BadgeApis, type WaitingRequest } from './signature-badge';

function fakes() {
  const texts: string[] = [];
  const notified: string[] = [];
  const words: string[] = [];
  const announced: number[] = [];
  const apis: BadgeApis = {
    action: {
      setBadgeText: async ({ text }) => void texts.push(text),
      setBadgeBackgroundColor: async () => undefined,
    },
    notifications: { create: async (id, options) => (notified.push(id), words.push(options.message), id) },
    // The worker's chrome.i18n (not in Node): the catalogue's English with `$1` filled, as the browser fills it.
    i18n: { getMessage: (key, substitutions) => message(key, ...(substitutions ?? [])) },
    announce: (count) => void announced.push(count),
  };
  return { apis, texts, notified, words, announced };
}

const routerOf = (): Router => ({
  route: () => Promise.resolve(ok({})),
  stats: () => ({ handled: {}, refused: {} }),
  noteHandled: () => undefined,
});

describe('the toolbar badge of requests waiting for a signature', () => {
  it('counts what waits, and clears when nothing does', async () => {
    const { apis, texts } = fakes();
    let waiting: WaitingRequest[] = [];
    const badge = createSignatureBadge(apis, async () => waiting, 'icon.png');
    await badge.refresh();
    waiting = [
      { id: 'a', summary: 'Send USDC' },
      { id: 'b', summary: 'Add a contact' },
    ];
    await badge.refresh();
    waiting = [];
    await badge.refresh();
    expect(texts).toEqual(['', '2', '']);
  });

  it("notifies only a new request an app's page asked for, not the person's own asks", async () => {
    const { apis, notified, words } = fakes();
    let waiting: WaitingRequest[] = [];
    const badge = createSignatureBadge(apis, async () => waiting, 'icon.png');
    const router = watchSignatureRequests(routerOf(), badge.refresh);
    await badge.refresh();
    waiting = [{ id: 'mine', summary: 'Send USDC' }];
    await router.route({ type: 'ask' }, { kind: 'extension-page', origin: 'chrome-extension://x' });
    await badge.refresh();
    waiting = [...waiting, { id: 'app', summary: 'File HeartCoach’s insight' }];
    await router.route({ type: 'page.request' }, { kind: 'page', origin: 'http://127.0.0.1:4000' });
    await badge.refresh();
    expect(notified).toEqual(['sign-app']);
    expect(words).toEqual(['File HeartCoach’s insight Open Home Agent from the toolbar to review and sign.']);
  });

  it('tells the open faces when the waiting requests change — added, settled or replaced — and not otherwise', async () => {
    const { apis, announced } = fakes();
    let waiting: WaitingRequest[] = [];
    const badge = createSignatureBadge(apis, async () => waiting, 'icon.png');
    await badge.refresh(); // the first count, at the worker's start: no face to tell of a change
    waiting = [{ id: 'a', summary: 'Send USDC' }];
    await badge.refresh();
    await badge.refresh(); // the same request still waits
    waiting = [{ id: 'b', summary: 'Add a contact' }];
    await badge.refresh(); // as many as before, but another one
    waiting = [];
    await badge.refresh();
    expect(announced).toEqual([1, 1, 0]);
  });

  it('does not refresh after a read', async () => {
    const { apis, texts } = fakes();
    const badge = createSignatureBadge(apis, async () => [], 'icon.png');
    const router = watchSignatureRequests(routerOf(), badge.refresh);
    await router.route({ type: 'agent.pending' }, { kind: 'extension-page', origin: 'chrome-extension://x' });
    await badge.refresh();
    expect(texts).toEqual(['']);
  });
});
