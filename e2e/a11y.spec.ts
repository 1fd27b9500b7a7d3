import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';
import { overlayDialog } from './overlay-support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let extension: ExtensionHandle;
test.beforeAll(async () => {
  extension = await demoExtension();
});
test.afterAll(async () => extension.close());

/**
 * Every face, in the states a person meets, through @axe-core/playwright: no serious or critical finding (labels,
 * names, contrast, roles, duplicate ids). The other faces-*.spec.ts files check their own states too; this one puts
 * every reply kind on one side panel, the Home locked and unlocked, and the popup with a request open.
 */
test('the side panel with every kind of reply on it, its “why” disclosures open', async ({ saveScreenshot }) => {
  const panel = await extension.context.newPage();
  await panel.goto(extension.url('sidepanel.html'));
  await askInPanel(panel, 'Who are my contacts?');
  await askInPanel(panel, "Who's in thompson?");
  const act = await askInPanel(panel, 'Send 6 USDC to bob');
  await act.getByRole('button', { name: 'Decline' }).click();
  await expect(panel.getByRole('heading', { name: 'Refused' })).toBeVisible({ timeout: 30_000 });
  await askInPanel(panel, 'Send 7 USDC to carol');
  for (const why of await panel.getByText('Why this reply?').all()) await why.click();
  expect(
    await panel.locator('article[data-kind]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-kind'))),
  ).toEqual(expect.arrayContaining(['answer', 'authority_required', 'refused']));
  expect(await seriousAxeViolations(panel)).toEqual([]);
  await saveScreenshot(panel, 'a11y-sidepanel');
});

test('the popup with a request open, and the Home locked then unlocked', async () => {
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
  expect(await seriousAxeViolations(popup)).toEqual([]);

  const options = await extension.context.newPage();
  await options.goto(extension.url('options.html'));
  await expect(options.getByRole('table', { name: 'Your agents' })).toBeVisible();
  expect(await seriousAxeViolations(options)).toEqual([]);
  await options.getByRole('button', { name: 'Lock now' }).click();
  await expect(options.getByLabel('Passphrase to unlock')).toBeVisible();
  expect(await seriousAxeViolations(options)).toEqual([]);
  await popup.reload();
  // The lock declined the request waiting for a signature; the choice still waiting for an answer is not consent.
  await expect(popup.getByRole('list', { name: 'Pending requests' })).not.toContainText('waits for your signature');
  await expect(popup.getByRole('heading', { name: 'Review and sign' })).toHaveCount(0);
  expect(await seriousAxeViolations(popup)).toEqual([]);
});

test('the in-page overlay, its frame holding an answer and a request to sign', async ({ pages, saveScreenshot }) => {
  const page = await extension.context.newPage();
  await page.goto(pages.url('/article.html?a11y'));
  await page.bringToFront(); // clicks reach the overlay's (out-of-process) frame only in the tab in front
  await page.locator('#advice').selectText();
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    (chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void }).dispatch(
      'open-overlay',
      tab!,
    );
  }, page.url());
  const overlay = overlayDialog(page);
  for (const words of ['Who are my contacts?', 'Add dave to my contacts.']) {
    const before = await overlay.locator('article[data-kind]').count();
    await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill(words);
    await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(overlay.locator('article[data-kind]')).toHaveCount(before + 1, { timeout: 30_000 });
  }
  await expect(overlay.locator('article[data-kind="authority_required"]')).toBeVisible();
  // axe reaches into the chrome-extension: frame through the browser (its findings name ["home-agent-overlay", "iframe"]).
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'a11y-overlay');
});
