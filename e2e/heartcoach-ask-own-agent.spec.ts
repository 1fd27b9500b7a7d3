import { expect, test } from './fixtures';
import { demoExtension } from './faces-support';
import { startGatewayProcess, type GatewayProcess } from './heartcoach-support';

/**
 * Issue 8, flow 1 — ask your own agent from a page: on the HeartCoach page the person opens Home Agent's overlay
 * (their own session, not the page's), asks for an act, and signs it in Home Agent's popup; it is done, with a
 * receipt. The page can neither see the reply nor sign: the overlay only says a signature is needed. The built
 * extension in Debian's Chromium; the real gateway serving the page in its own process on loopback.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let gw: GatewayProcess;
test.beforeAll(async () => {
  gw = await startGatewayProcess();
});
test.afterAll(async () => {
  await gw?.close();
});

test('an act asked from the HeartCoach page through the overlay is signed in the popup and done, with a receipt', async ({ saveScreenshot }) => {
  const extension = await demoExtension();
  try {
    const page = await extension.context.newPage();
    await page.goto(gw.url);
    await expect(page.getByRole('heading', { name: 'HeartCoach', level: 1 })).toBeVisible();
    // The keyboard command (Playwright cannot press an extension's shortcut: the worker dispatches it, TOOLCHAIN.md).
    const worker = await extension.serviceWorker();
    await worker.evaluate(async (url) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url?.startsWith(url));
      if (tab === undefined) throw new Error(`no tab shows ${url}`);
      (chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void }).dispatch('open-overlay', tab);
    }, gw.url);
    const overlay = page.getByRole('dialog', { name: 'Ask Home Agent' });
    await overlay.getByRole('textbox', { name: 'Ask your agent' }).fill('Add dave to my contacts.');
    await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(overlay.locator('[data-reply-kind="authority_required"]')).toContainText('Your agent needs your signature for this.', { timeout: 30_000 });
    await saveScreenshot(page, 'heartcoach-overlay-act');

    const popup = await extension.context.newPage();
    await popup.goto(extension.url('popup.html'));
    await popup.getByRole('button', { name: /waits for your signature$/ }).first().click();
    await expect(popup.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
    await expect(popup.getByTestId('binding-digest')).toHaveText(/^0x[0-9a-f]{64}$/);
    await popup.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
    await expect(popup.locator('body')).toContainText('I added Dr. Dave Silva, MD to your contacts.');
    await popup.getByRole('button', { name: /^Open receipt: / }).first().click();
    await expect(popup.getByRole('definition').filter({ hasText: /^committed/ }).first()).toBeVisible();
    await saveScreenshot(popup, 'heartcoach-popup-done');
  } finally {
    await extension.close();
  }
});
