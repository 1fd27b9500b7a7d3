import { expect, test } from './fixtures';
import { demoExtension } from './faces-support';
import { overlayDialog } from './overlay-support';
import { startGatewayProcess, type GatewayProcess } from './heartcoach-support';

/**
 * HeartCoach, ask your own agent from a page: on the HeartCoach page the person opens Home Agent's overlay
 * (their own session, not the page's), asks for an act, reads what it will do in the overlay — a Home Agent frame the
 * page cannot read — and presses "Review and sign", which opens Home Agent's popup on that request; signed there, it
 * is done, with a receipt, and the overlay shows it done too. The built extension in Debian's Chromium; the real
 * gateway serving the page in its own process on loopback.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let gw: GatewayProcess;
test.beforeAll(async () => {
  gw = await startGatewayProcess();
});
test.afterAll(async () => {
  await gw?.close();
});

test('an act asked from the HeartCoach page through the overlay is signed in the popup and done, with a receipt', async ({
  saveScreenshot,
}) => {
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
      (chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void }).dispatch(
        'open-overlay',
        tab,
      );
    }, gw.url);
    const overlay = overlayDialog(page);
    await page.bringToFront(); // clicks reach the overlay's (out-of-process) frame only in the tab in front
    await overlay.getByRole('textbox', { name: 'Ask your agent' }).fill('Add dave to my contacts.');
    await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
    const card = overlay.locator('article[data-kind="authority_required"]');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('Dave');
    await saveScreenshot(page, 'heartcoach-overlay-act');

    // "Review and sign" opens the popup on this run's request, as the side panel's does.
    const opening = extension.context.waitForEvent('page', {
      predicate: (p) => p.url().includes('popup.html?request='),
    });
    await card.getByRole('button', { name: 'Review and sign' }).click();
    const popup = await opening;
    await expect(popup.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
    await expect(popup.getByTestId('binding-digest')).toHaveText(/^0x[0-9a-f]{64}$/);
    await popup.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
    await expect(popup.locator('body')).toContainText('I added Dr. Dave Silva, MD to your contacts.');
    await popup
      .getByRole('button', { name: /^Open receipt: / })
      .first()
      .click();
    await expect(
      popup
        .getByRole('definition')
        .filter({ hasText: /^committed/ })
        .first(),
    ).toBeVisible();
    await saveScreenshot(popup, 'heartcoach-popup-done');
    // The popup told the faces: the overlay that asked shows the run done as well.
    await expect(overlay.locator('article[data-kind="done"]')).toContainText(
      'I added Dr. Dave Silva, MD to your contacts.',
      { timeout: 10_000 },
    );
  } finally {
    await extension.close();
  }
});
