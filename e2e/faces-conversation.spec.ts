import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations, tabTo } from './faces-support';
import { SCREENSHOTS_DIR } from './paths';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let extension: ExtensionHandle;
let panel: Page;

test.beforeAll(async () => {
  extension = await demoExtension();
  panel = await extension.context.newPage();
  // A side panel's width, so the screenshots look as the person sees it.
  await panel.setViewportSize({ width: 480, height: 900 });
  await panel.goto(extension.url('sidepanel.html'));
});
test.afterAll(async () => extension.close());

/** The popup window the side panel's "Review and sign" opens, resolved on that run's id. */
async function reviewInPopup(card: ReturnType<Page['getByRole']>, keyboard = false): Promise<Page> {
  const opened = extension.context.waitForEvent('page');
  if (keyboard) await card.page().keyboard.press('Enter');
  else await card.getByRole('button', { name: 'Review and sign' }).click();
  const popup = await opened;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe('/popup.html');
  await expect(popup.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
  return popup;
}

test('ask from the side panel: a read is answered with a table, and "why" says which stage decided', async ({
  saveScreenshot,
}) => {
  const card = await askInPanel(panel, 'Who are my contacts?');
  await expect(card.getByRole('heading', { name: 'Your agent answered' })).toBeVisible();
  const table = card.getByRole('table');
  await expect(table).toContainText('Bob Mensah');
  await expect(table).toContainText('David Adeyemi');
  await card.getByText('Why this reply?').click();
  await expect(card.locator('.ha-why')).toContainText('A compiled rule recognised the shape of your words');
  expect(await seriousAxeViolations(panel)).toEqual([]);
  await saveScreenshot(panel, 'sidepanel');
});

test('an act: the side panel shows what it would allow, the popup signs that request, and it is done with a receipt that opens', async ({
  saveScreenshot,
}) => {
  const card = await askInPanel(panel, 'Send 5 USDC to bob');
  await expect(card.getByRole('heading', { name: 'Your signature is needed' })).toBeVisible();
  const facts = card.getByRole('definition');
  await expect(card.getByLabel('What you would allow')).toContainText('5 USDC');
  await expect(card.getByLabel('What you would allow')).toContainText('Bob Mensah');
  expect(await facts.count()).toBeGreaterThan(4);
  const runRef = (await card.locator('.ha-meta code').last().textContent()) ?? '';

  const popup = await reviewInPopup(card);
  expect(new URL(popup.url()).searchParams.get('request')).toBe(runRef);
  await expect(popup.getByLabel('What you would allow')).toContainText('5 USDC');
  await expect(popup.getByTestId('binding-digest')).toHaveText(/^0x[0-9a-f]{64}$/);
  expect(await seriousAxeViolations(popup)).toEqual([]);
  await saveScreenshot(popup, 'popup-sign');
  await popup.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });

  const done = panel
    .getByRole('article')
    .filter({ has: panel.getByRole('heading', { name: 'Done' }) })
    .last();
  await expect(done).toBeVisible({ timeout: 10_000 });
  await done.getByRole('button', { name: /^Open receipt: Send USDC/ }).click();
  await expect(done.getByRole('definition').filter({ hasText: /^committed/ })).toBeVisible();
  await expect(done.getByText('Transaction', { exact: true })).toBeVisible();
  const download = panel.waitForEvent('download');
  await done.getByRole('button', { name: 'Download provenance' }).click();
  expect((await download).suggestedFilename()).toMatch(/^provenance-.*\.jsonld$/);
  await saveScreenshot(panel, 'sidepanel-done');
  // The side panel as the person sees it (its viewport, not the whole log): the request, then its receipt.
  const top = await panel
    .locator('article[data-kind="authority_required"]')
    .last()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY - 12);
  await panel.screenshot({
    path: `${SCREENSHOTS_DIR}/sidepanel-act.png`,
    fullPage: true,
    clip: { x: 0, y: top, width: 480, height: 1000 },
  });
});

test('decline in the popup: the run ends refused, with the reason in words', async () => {
  const card = await askInPanel(panel, 'Send 3 USDC to carol');
  const popup = await reviewInPopup(card);
  await popup.getByLabel('Reason for declining (optional)').fill('not this week');
  await popup.getByRole('button', { name: 'Decline' }).click();
  await expect(popup.getByRole('heading', { name: 'Refused' })).toBeVisible({ timeout: 30_000 });
  await expect(popup.getByText('You declined: not this week. Nothing was done.')).toBeVisible();
  const refused = panel
    .getByRole('article')
    .filter({ has: panel.getByRole('heading', { name: 'Refused' }) })
    .last();
  await expect(refused).toContainText('not this week');
});

test('the sign flow with the keyboard alone', async () => {
  await panel.bringToFront();
  await panel.getByRole('textbox', { name: 'Ask your agent' }).focus();
  await panel.keyboard.type('Send 2 USDC to bob');
  await panel.keyboard.press('Control+Enter');
  const card = panel.getByRole('article').last();
  await expect(card.getByRole('heading', { name: 'Your signature is needed' })).toBeVisible({ timeout: 30_000 });
  await tabTo(panel, 'Review and sign');
  const popup = await reviewInPopup(card, true);
  await tabTo(popup, 'Sign');
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
});

test('a script cannot press Sign: a synthetic click signs nothing', async () => {
  const card = await askInPanel(panel, 'Send 1 USDC to bob');
  const popup = await reviewInPopup(card);
  await popup.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign')?.click());
  await expect(popup.getByRole('alert')).toHaveText('Nothing was signed: only you can press Sign.');
  await expect(popup.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
  await popup.getByRole('button', { name: 'Decline' }).click();
  // Declined and finished before the next test counts the requests waiting.
  await expect(popup.getByRole('heading', { name: 'Refused' })).toBeVisible({ timeout: 30_000 });
});

test('an open popup reads its queue again as requests come and go; the sheet in front stays the one being read', async () => {
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
  const queue = popup.getByRole('list', { name: 'Pending requests' }).getByRole('listitem');
  const allowed = popup.getByLabel('What you would allow');

  // Asked in the side panel while the popup is open: it joins the queue, and its sheet opens, without a reload.
  const toBob = await askInPanel(panel, 'Send 6 USDC to bob');
  await expect(queue).toHaveCount(1);
  await expect(allowed).toContainText('Bob Mensah');
  // A second request joins the queue; the sheet in front is still Bob's, never swapped under the pointer.
  await askInPanel(panel, 'Send 7 USDC to carol');
  await expect(queue).toHaveCount(2);
  await expect(allowed).toContainText('6 USDC');
  await expect(allowed).toContainText('Bob Mensah');

  // Bob's declined in the side panel: his sheet leaves the popup for a word saying so; Carol's is not put in its place.
  await toBob.getByRole('button', { name: 'Decline' }).click();
  await expect(queue).toHaveCount(1);
  await expect(popup.getByText('That request is no longer waiting')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await queue.getByRole('button').click();
  await expect(allowed).toContainText('Carol Whitfield');
  await popup.getByRole('button', { name: 'Decline' }).click();
  await expect(popup.getByRole('heading', { name: 'Refused' })).toBeVisible({ timeout: 30_000 });
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
  await popup.close();
});

test('lock: every request waiting for a signature is cleared', async () => {
  await askInPanel(panel, 'Send 4 USDC to bob');
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByRole('list', { name: 'Pending requests' }).getByRole('listitem')).toHaveCount(1);
  await popup.getByRole('button', { name: 'Lock now' }).click();
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible({ timeout: 30_000 });
  await popup.reload();
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
  await expect(popup.getByLabel('Passphrase to unlock')).toBeVisible();
});
