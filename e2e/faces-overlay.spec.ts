import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { closeOverlay, overlayDialog } from './overlay-support';
import { startStaticServer } from './static-server';
import { demoExtension, seriousAxeViolations } from './faces-support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let extension: ExtensionHandle;
let pages: Awaited<ReturnType<typeof startStaticServer>>;

test.beforeAll(async () => {
  [extension, pages] = await Promise.all([demoExtension(), startStaticServer()]);
});
test.afterAll(async () => Promise.all([extension.close(), pages.close()]));

/** The keyboard command, as the worker receives it (Playwright cannot press an extension's shortcut). */
async function openOverlay(page: Page): Promise<void> {
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    const event = chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void };
    event.dispatch('open-overlay', tab!);
  }, page.url());
}

test('an overlay ask on a 127.0.0.1 page with a selection: the reply is read in the overlay, and the side panel has it too', async ({
  saveScreenshot,
}) => {
  const panel = await extension.context.newPage();
  await panel.goto(extension.url('sidepanel.html'));
  const page = await extension.context.newPage();
  await page.goto(pages.url('/article.html'));
  await page.bringToFront(); // clicks reach the overlay's (out-of-process) frame only in the tab in front
  await page.locator('#advice').selectText();
  await openOverlay(page);

  const overlay = overlayDialog(page);
  const advice = 'Walk twenty minutes a day and log your blood pressure each morning.';
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' }).locator('blockquote')).toHaveText(advice);
  await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill('Who are my contacts?');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  // The reply, rendered as the side panel renders it: the answer card with its results table.
  const card = overlay.locator('article[data-kind="answer"]');
  await expect(card.getByRole('table')).toContainText('Bob Mensah', { timeout: 30_000 });
  await expect(overlay.getByText('Who are my contacts?')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'overlay');

  // Nothing from the vault is in the page's DOM, the overlay's open shadow root included (overlay-privacy.spec.ts
  // tries harder, as a page script).
  const pageText = await page.evaluate(
    () =>
      document.documentElement.outerHTML + (document.querySelector('home-agent-overlay')?.shadowRoot?.innerHTML ?? ''),
  );
  for (const record of ['Bob Mensah', 'Carol Whitfield', '0x95f3f2', 'Who are my contacts?'])
    expect(pageText).not.toContain(record);

  // The side panel shows the ask as asked — the selection as quoted page text — and the reply in full.
  await expect(panel.getByText('Who are my contacts?')).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByRole('figure', { name: 'Quoted page text' })).toContainText(advice);
  await expect(panel.getByRole('article').last().getByRole('table')).toContainText('Bob Mensah');

  // Closed, nothing is lost: a side panel opened afterwards replays it from the tab.
  await closeOverlay(page, 'button');
  const later = await extension.context.newPage();
  await later.goto(extension.url('sidepanel.html'));
  await page.bringToFront();
  await later.reload();
  // Once: the kept conversation holds the reply (the first panel kept it), so the tab's replay adds nothing to it —
  // neither on screen nor in the vault, as a third opening shows.
  const answers = (face: Page) => face.getByRole('table').filter({ hasText: 'Bob Mensah' });
  await expect(later.locator('.ha-conversation[data-kept="read"]')).toBeVisible();
  await expect(answers(later)).toHaveCount(1);
  await later.reload();
  await expect(later.locator('.ha-conversation[data-kept="read"]')).toBeVisible();
  await expect(answers(later)).toHaveCount(1);
  await expect(later.getByText('Who are my contacts?')).toHaveCount(1);
});

test('a page selection that says to act is material: quoted, and no act follows from it', async () => {
  const page = await extension.context.newPage();
  await page.goto(pages.url('/article.html?second'));
  await page.bringToFront();
  await page.locator('#injection').selectText();
  await openOverlay(page);
  const overlay = overlayDialog(page);
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' })).toContainText(
    'page text, not an instruction',
  );
  await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill('What does this say?');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  const card = overlay.locator('article[data-kind]');
  await expect(card).toBeVisible({ timeout: 30_000 });
  expect(await card.getAttribute('data-kind')).not.toBe('authority_required');
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
});
