import type { Page } from '@playwright/test';
import { expect, launchExtension, startLoggingProxy, test } from './fixtures';
import { askInPanel, demoExtension } from './faces-support';
import type { LoggedRequest } from './logging-proxy';
import { overlayDialog } from './overlay-support';

test.describe.configure({ timeout: 180_000 });

/**
 * Chromium's own calls (extension and component updates, account sign-in, form autofill hints), which it makes whatever is loaded:
 * the proxy cannot tell who sent a request, so these hosts are set aside here and only these.
 */
const CHROMIUM_OWN =
  /^(https?:\/\/)?(update\.googleapis\.com|accounts\.google\.com|clients2\.google\.com|content-autofill\.googleapis\.com)(:443)?(\/|$)/;

/** The origin a logged request goes to (absolute URL for plain HTTP, host:port for a CONNECT tunnel). */
function originOf(request: LoggedRequest): string {
  if (request.method === 'CONNECT') return `https://${request.target.replace(/:443$/, '')}`;
  return URL.canParse(request.target) ? new URL(request.target).origin : request.target;
}

/** Requests to anything but the origins the person configured or opened themselves: each one fails the test. */
export function unconfiguredRequests(log: readonly LoggedRequest[], allowed: ReadonlySet<string>): string[] {
  return log
    .filter((r) => !CHROMIUM_OWN.test(r.target) && !allowed.has(originOf(r)))
    .map((r) => `${r.method} ${r.target}`);
}

test('the extension calls no endpoint of its own while its faces open and a page pings it', async ({ pages }) => {
  const proxy = await startLoggingProxy();
  const extension = await launchExtension({ proxyServer: proxy.url });
  try {
    for (const face of ['sidepanel', 'popup', 'options']) {
      const page = await extension.context.newPage();
      await page.goto(extension.url(`${face}.html`));
      await page.close();
    }
    const page = await extension.context.newPage();
    await page.goto(pages.url('/article.html'));
    expect(await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }))).toMatchObject({
      origin: pages.origin,
    });
    // The hook works: a request to a non-loopback host goes through the proxy and is logged.
    await page.goto('http://example.invalid/probe').catch(() => undefined);
    const seen = proxy.requests.map((r) => r.target).filter((target) => !CHROMIUM_OWN.test(target));
    expect(seen.filter((target) => !target.startsWith('http://example.invalid/'))).toEqual([]);
    expect(seen).toContain('http://example.invalid/probe');
  } finally {
    await extension.close();
    await proxy.close();
  }
});

test('a whole session — demo, asks, a signed act, the overlay, the Home, an export — sends nothing to an endpoint the person did not configure; a planted request is caught', async ({
  pages,
}) => {
  // Loopback goes through the proxy too, so even a call to a local port nobody configured is seen.
  const proxy = await startLoggingProxy({ forward: (target) => target.startsWith(pages.origin) });
  const extension = await demoExtension({ proxyServer: proxy.url, proxyLoopback: true });
  try {
    const panel = await extension.context.newPage();
    await panel.goto(extension.url('sidepanel.html'));
    await askInPanel(panel, 'Who are my contacts?');
    const card = await askInPanel(panel, 'Send 2 USDC to bob');
    const opened = extension.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Review and sign' }).click();
    const popup = await opened;
    await popup.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });

    const page = await extension.context.newPage();
    await page.goto(pages.url('/article.html'));
    await page.bringToFront(); // clicks reach the overlay's (out-of-process) frame only in the tab in front
    await page.locator('#advice').selectText();
    const worker = await extension.serviceWorker();
    await worker.evaluate(async (url) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
      (chrome.commands.onCommand as unknown as { dispatch(c: string, t: chrome.tabs.Tab): void }).dispatch(
        'open-overlay',
        tab!,
      );
    }, page.url());
    const overlay = overlayDialog(page);
    await overlay.getByRole('textbox').fill('How many contacts do I have?');
    await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(overlay.locator('article[data-kind]')).toBeVisible({ timeout: 30_000 });

    const options = await extension.context.newPage();
    await options.goto(extension.url('options.html'));
    await expect(options.getByRole('table', { name: 'Mandates you signed' })).toBeVisible();
    const transfer = options.getByRole('region', { name: 'Export and import' });
    await transfer.getByLabel('Passphrase', { exact: true }).fill('export passphrase 1');
    await transfer.getByLabel('Passphrase again').fill('export passphrase 1');
    const exported = options.waitForEvent('download');
    await transfer.getByRole('button', { name: 'Export my vault' }).click();
    await exported;
    const settings = (await options.evaluate(() => chrome.runtime.sendMessage({ type: 'home.settings.get' }))) as {
      ok: true;
      data: { gatewayUrl: string; modelBaseUrl: string | null; chainRpcUrl: string | null };
    };
    const configured = [settings.data.gatewayUrl, settings.data.modelBaseUrl, settings.data.chainRpcUrl]
      .filter((u): u is string => u !== null)
      .map((u) => new URL(u).origin);
    // The person configured these, and opened this page themselves; nothing else may be called.
    const allowed = new Set([...configured, pages.origin]);

    expect(proxy.requests.some((r) => r.target.startsWith(pages.origin))).toBe(true); // loopback is in the log
    expect(unconfiguredRequests(proxy.requests, allowed)).toEqual([]);

    // The control: a request planted from the extension's own worker and from one of its pages is caught.
    await worker.evaluate(() => fetch('http://127.0.0.1:18099/planted-by-the-test').catch(() => undefined));
    await (panel as Page).evaluate(() => fetch('https://api.example.org/planted-by-the-test').catch(() => undefined));
    await expect
      .poll(() => unconfiguredRequests(proxy.requests, allowed))
      .toEqual(['GET http://127.0.0.1:18099/planted-by-the-test', 'CONNECT api.example.org:443']);
  } finally {
    await extension.close();
    await proxy.close();
  }
});
