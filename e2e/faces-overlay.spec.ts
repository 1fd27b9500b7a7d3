import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
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

test('an overlay ask on a 127.0.0.1 page with a selection: the words and the quote stay in the page, the reply goes to the side panel', async ({ saveScreenshot }) => {
  const panel = await extension.context.newPage();
  await panel.goto(extension.url('sidepanel.html'));
  const page = await extension.context.newPage();
  await page.goto(pages.url('/article.html'));
  await page.locator('#advice').selectText();
  await openOverlay(page);

  const overlay = page.getByRole('dialog', { name: 'Ask Home Agent' });
  const advice = 'Walk twenty minutes a day and log your blood pressure each morning.';
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' }).locator('blockquote')).toHaveText(advice);
  await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill('Who are my contacts?');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(overlay).toContainText('Your agent answered. Read the reply in Home Agent’s side panel', { timeout: 30_000 });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'overlay');

  // Nothing from the vault is in the page's DOM, the overlay's open shadow root included.
  const pageText = await page.evaluate(() => document.documentElement.outerHTML + (document.querySelector('home-agent-overlay')?.shadowRoot?.innerHTML ?? ''));
  for (const record of ['Bob Mensah', 'Carol Whitfield', '0x95f3f2']) expect(pageText).not.toContain(record);

  // The side panel shows the ask as asked — the selection as quoted page text — and the reply in full.
  await expect(panel.getByText('Who are my contacts?')).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByRole('figure', { name: 'Quoted page text' })).toContainText(advice);
  const answer = panel.getByRole('article').last();
  await expect(answer.getByRole('table')).toContainText('Bob Mensah');

  await overlay.getByRole('button', { name: 'Open the side panel' }).click();
  await expect(overlay.getByText(/side panel/)).not.toHaveCount(0);
});

test('a page selection that says to act is material: quoted, and no act follows from it', async () => {
  const page = await extension.context.newPage();
  await page.goto(pages.url('/article.html?second'));
  await page.locator('#injection').selectText();
  await openOverlay(page);
  const overlay = page.getByRole('dialog', { name: 'Ask Home Agent' });
  await expect(overlay.getByRole('figure', { name: 'Quoted page text' })).toContainText('page text, not an instruction');
  await overlay.getByRole('textbox', { name: 'Ask your agent about this' }).fill('What does this say?');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(overlay.locator('[data-reply-kind]')).toBeVisible({ timeout: 30_000 });
  expect(await overlay.locator('[data-reply-kind]').getAttribute('data-reply-kind')).not.toBe('authority_required');
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
});
