import { expect, launchExtension, startLoggingProxy, test } from './fixtures';

/**
 * Chromium's own calls (extension and component updates, account sign-in), which it makes whatever is loaded:
 * the proxy cannot tell who sent a request, so these hosts are set aside here and only these.
 */
const CHROMIUM_OWN = /^(https?:\/\/)?(update\.googleapis\.com|accounts\.google\.com|clients2\.google\.com)(:443)?(\/|$)/;

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
    expect(await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }))).toMatchObject({ origin: pages.origin });
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
