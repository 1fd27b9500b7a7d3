import { mkdirSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { launchExtension, stopServiceWorker, type ExtensionHandle } from './launch';
import { SCREENSHOTS_DIR } from './paths';
import { startStaticServer, type StaticServer } from './static-server';

export { expect };
export { launchExtension, stopServiceWorker, type ExtensionHandle } from './launch';
export { startLoggingProxy } from './logging-proxy';

export type Face = 'sidepanel' | 'popup' | 'options';
type Wire = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
type Stats = { handled: Record<string, number>; refused: Record<string, number> };

/** Talks to the background from an extension page, as the side panel would: raw messages, for forging tests too. */
export type Background = {
  send(message: unknown): Promise<Wire>;
  /** The router's spy: how often each handler ran and each refusal happened in this worker instance. */
  stats(): Promise<Stats>;
  /** How often the handler for `type` ran in this worker instance. */
  handled(type: string): Promise<number>;
};

/** Acts in the extension's isolated world inside a page's tab (the channel content scripts use). */
export type ContentScript = {
  send(page: Page, message: unknown): Promise<unknown>;
  /** The keyboard command `open-overlay` (Playwright cannot press an extension shortcut: the worker dispatches it). */
  command(page: Page): Promise<void>;
  /** The context-menu item "Ask my agent about this" with Chromium's OnClickData for a selection. */
  contextMenu(page: Page, selectionText: string): Promise<void>;
};

type WorkerFixtures = { extension: ExtensionHandle; pages: StaticServer };
type TestFixtures = {
  openFace(face: Face): Promise<Page>;
  background: Background;
  contentScript: ContentScript;
  stopWorker(): Promise<void>;
  saveScreenshot(page: Page, name: string): Promise<void>;
};

async function tabIdOf(extension: ExtensionHandle, page: Page): Promise<number> {
  const worker = await extension.serviceWorker();
  return worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    if (tab?.id === undefined) throw new Error(`No tab shows ${url}`);
    return tab.id;
  }, page.url());
}

/**
 * The fixtures every spec builds on. One Chromium with the extension per Playwright worker (launching is the slow
 * part); `page` and `context` are overridden to live in it, so a spec never touches a browser without the extension.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  extension: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const extension = await launchExtension();
      await use(extension);
      await extension.close();
    },
    { scope: 'worker' },
  ],
  pages: [
    // eslint-disable-next-line no-empty-pattern -- as above.
    async ({}, use) => {
      const server = await startStaticServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ extension }, use) => use(extension.context),
  page: async ({ extension }, use) => {
    const page = await extension.context.newPage();
    await use(page);
    await page.close();
  },
  openFace: async ({ extension }, use) => {
    const opened: Page[] = [];
    await use(async (face) => {
      const page = await extension.context.newPage();
      opened.push(page);
      await page.goto(extension.url(`${face}.html`));
      return page;
    });
    for (const page of opened) await page.close();
  },
  background: async ({ extension }, use) => {
    const page = await extension.context.newPage();
    await page.goto(extension.url('options.html'));
    const send = (message: unknown) => page.evaluate((m) => chrome.runtime.sendMessage(m) as Promise<Wire>, message);
    const stats = async () => {
      const reply = await send({ type: 'router.stats' });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.data as Stats;
    };
    await use({ send, stats, handled: async (type) => (await stats()).handled[type] ?? 0 });
    await page.close();
  },
  contentScript: async ({ extension }, use) => {
    await use({
      async send(page, message) {
        const tabId = await tabIdOf(extension, page);
        const worker = await extension.serviceWorker();
        return worker.evaluate(
          async ({ tabId, message }) => {
            const [result] = await chrome.scripting.executeScript({
              target: { tabId },
              func: (m: unknown) => chrome.runtime.sendMessage(m),
              args: [message],
            });
            return result?.result;
          },
          { tabId, message },
        );
      },
      async command(page) {
        const tabId = await tabIdOf(extension, page);
        const worker = await extension.serviceWorker();
        await worker.evaluate(async (tabId) => {
          const event = chrome.commands.onCommand as unknown as {
            dispatch(command: string, tab: chrome.tabs.Tab): void;
          };
          event.dispatch('open-overlay', await chrome.tabs.get(tabId));
        }, tabId);
      },
      async contextMenu(page, selectionText) {
        const tabId = await tabIdOf(extension, page);
        const worker = await extension.serviceWorker();
        await worker.evaluate(
          async ({ tabId, selectionText }) => {
            const tab = await chrome.tabs.get(tabId);
            const event = chrome.contextMenus.onClicked as unknown as {
              dispatch(info: object, tab: chrome.tabs.Tab): void;
            };
            event.dispatch(
              { menuItemId: 'ask-about-selection', selectionText, pageUrl: tab.url, frameId: 0, editable: false },
              tab,
            );
          },
          { tabId, selectionText },
        );
      },
    });
  },
  stopWorker: async ({ extension }, use) => use(() => stopServiceWorker(extension)),
  // eslint-disable-next-line no-empty-pattern -- as above.
  saveScreenshot: async ({}, use) => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await use(async (page, name) => {
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage: true });
    });
  },
});
