import { expect, test } from './fixtures';

type Refusal = { code: string; message: string };

test('window.homeAgent.request({ method: "home_ping" }) answers with the origin the background saw', async ({
  page,
  pages,
  background,
}) => {
  const before = await background.handled('home_ping');
  await page.goto(pages.url('/article.html'));
  expect(await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }))).toEqual({
    origin: pages.origin,
    agent: 'home-agent',
  });
  await page.goto(`${pages.otherOrigin}/article.html`);
  expect(await page.evaluate(() => window.homeAgent.request({ method: 'home_ping' }))).toEqual({
    origin: pages.otherOrigin,
    agent: 'home-agent',
  });
  expect(await background.handled('home_ping')).toBe(before + 2);
});

test('window.homeAgent is read-only and EIP-1193 shaped', async ({ page, pages }) => {
  await page.goto(pages.url('/article.html'));
  const shape = await page.evaluate(() => {
    const provider = window.homeAgent;
    const replaced = Reflect.set(window, 'homeAgent', { request: () => 'hijacked' });
    return {
      isHomeAgent: provider.isHomeAgent,
      request: typeof provider.request,
      replaced,
      same: window.homeAgent === provider,
    };
  });
  expect(shape).toEqual({ isHomeAgent: true, request: 'function', replaced: false, same: true });
});

test('a page without a wire may only ping, connect and ask for a grant: an ask without one, and other methods, are refused in words', async ({
  page,
  pages,
}) => {
  await page.goto(pages.url('/article.html'));
  const refusals = await page.evaluate(async () => {
    const attempt = (method: string, params?: unknown) =>
      window.homeAgent.request({ method, params }).then(
        () => null,
        (e: Refusal) => ({ code: e.code, message: e.message }),
      );
    return {
      ask: await attempt('home_ask', {
        request: { addressee: `0x${'1'.repeat(40)}`, message: 'How many contacts do I have?', surface: 'page' },
      }),
      accounts: await attempt('eth_accounts'),
    };
  });
  expect(refusals.ask?.code).toBe('BAD_INPUT');
  expect(refusals.ask?.message).toMatch(/credential/);
  expect(refusals.accounts).toEqual({
    code: 'UNKNOWN_METHOD',
    message:
      'Home Agent has no method "eth_accounts". A page may call home_ping, home_connect, home_grantAskAsMe and home_ask.',
  });
});
