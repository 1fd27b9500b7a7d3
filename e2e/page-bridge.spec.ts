import { expect, test } from './fixtures';

type Refusal = { code: number; message: string; data: { code: string; message: string } };

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
  const events = await page.evaluate(() => ({
    on: typeof window.homeAgent.on,
    removeListener: typeof window.homeAgent.removeListener,
    unknown: (() => {
      try {
        window.homeAgent.on('accountsChanged' as never, () => undefined);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    })(),
  }));
  expect(events).toEqual({
    on: 'function',
    removeListener: 'function',
    unknown:
      'window.homeAgent has no event "accountsChanged"; it emits connect, disconnect, locked, wireRevoked, taskStatusUpdate.',
  });
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
        (e: Refusal) => ({ code: e.code, data: e.data.code, message: e.message }),
      );
    return {
      ask: await attempt('home_ask', {
        request: { addressee: `0x${'1'.repeat(40)}`, message: 'How many contacts do I have?', surface: 'page' },
      }),
      accounts: await attempt('eth_accounts'),
      requestAccounts: await attempt('eth_requestAccounts'),
      local: await attempt('not a method'),
    };
  });
  expect(refusals.ask).toMatchObject({ code: -32602, data: 'BAD_INPUT', message: expect.stringMatching(/credential/) });
  expect(refusals.accounts).toEqual({
    code: 4200,
    data: 'UNKNOWN_METHOD',
    message:
      'Home Agent has no method "eth_accounts". A page may call home_ping, home_connect, home_grantAskAsMe and home_ask.',
  });
  // Not an Ethereum provider: it never answers as a wallet does.
  expect(refusals.requestAccounts).toMatchObject({ code: 4200, data: 'UNKNOWN_METHOD' });
  expect(refusals.local).toMatchObject({ code: -32602, data: 'BAD_INPUT' });
});

test('window.homeAgent is announced under its own event pair, never as an Ethereum wallet, and emits connect', async ({
  page,
  pages,
}) => {
  await page.goto(pages.url('/article.html'));
  const found = await page.evaluate(async () => {
    const wallets: unknown[] = [];
    window.addEventListener('eip6963:announceProvider', (e) => wallets.push(e));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    const announced = await new Promise<{ name: string; uuid: string; same: boolean }>((resolve) => {
      window.addEventListener(
        'homeAgent:announceProvider',
        (e) => {
          const { info, provider } = (e as CustomEvent).detail as {
            info: { name: string; uuid: string };
            provider: unknown;
          };
          resolve({ name: info.name, uuid: info.uuid, same: provider === window.homeAgent });
        },
        { once: true },
      );
      window.dispatchEvent(new Event('homeAgent:requestProvider'));
    });
    const connected = new Promise((resolve) => window.homeAgent.on('connect', resolve));
    await window.homeAgent.request({ method: 'home_ping' });
    return { announced, connect: await connected, wallets: wallets.length };
  });
  expect(found).toEqual({
    announced: { name: 'Home Agent', uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), same: true },
    connect: { agent: 'home-agent' },
    wallets: 0,
  });
});
