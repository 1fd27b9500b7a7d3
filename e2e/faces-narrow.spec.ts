import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension } from './faces-support';
import { SCREENSHOTS_DIR } from './paths';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A side panel's width: Chromium lets a person drag it between 320 px and about 600 px; 400 px is common. */
const PANEL_WIDTH = 400;

let extension: ExtensionHandle;
let panel: Page;

test.beforeAll(async () => {
  extension = await demoExtension();
  panel = await extension.context.newPage();
  await panel.setViewportSize({ width: PANEL_WIDTH, height: 700 });
  await panel.goto(extension.url('sidepanel.html'));
});
test.afterAll(async () => extension.close());

/** How wide the page's content is, and where the newest entry of the conversation sits in the viewport. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const newest = [...document.querySelectorAll('[role="log"] > *')].at(-1)?.getBoundingClientRect();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      newestTop: newest?.top ?? -1,
      newestBottom: newest?.bottom ?? -1,
      innerHeight: window.innerHeight,
    };
  });
}

test('at 400 px, answers full of addresses fit the panel, and the newest reply is in view', async () => {
  const asks = ['Who are my contacts?', 'What’s my USDC balance?', "Who's in Missio Nexus right now?"];
  for (const words of asks) {
    const card = await askInPanel(panel, words);
    await expect(card.getByRole('heading', { name: 'Your agent answered' })).toBeVisible();
    const measured = await layout(panel);
    console.log(`${PANEL_WIDTH} px, "${words}": ${JSON.stringify(measured)}`);
    expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
    // The newest reply's heading is on screen (its top inside the viewport), whatever came before it.
    expect(measured.newestTop).toBeGreaterThanOrEqual(0);
    expect(measured.newestTop).toBeLessThan(measured.innerHeight);
    await expect(card.getByRole('heading', { name: 'Your agent answered' })).toBeInViewport();
  }
  // Addresses are shortened, each with the whole address a copy away.
  const contacts = panel.getByRole('article').first();
  const copy = contacts.getByRole('button', { name: /^Copy address 0x[0-9a-fA-F]{40}$/ }).first();
  await expect(copy).toBeVisible();
  await expect(contacts.getByRole('table')).toContainText(/0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/);
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const full = ((await copy.getAttribute('aria-label')) ?? '').replace('Copy address ', '');
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(full);
  for (const width of [320, 600]) {
    await panel.setViewportSize({ width, height: 700 });
    const measured = await layout(panel);
    console.log(`${width} px: ${JSON.stringify(measured)}`);
    expect(measured.scrollWidth).toBeLessThanOrEqual(width);
  }
  await panel.setViewportSize({ width: PANEL_WIDTH, height: 700 });
  await panel.screenshot({ path: `${SCREENSHOTS_DIR}/narrow-answers.png` });
});

/** The toolbar badge's text, read from the worker (Playwright cannot see the toolbar). */
async function badgeText(): Promise<string> {
  const worker = await extension.serviceWorker();
  return worker.evaluate(() => chrome.action.getBadgeText({}));
}

test('a finished run keeps its card as a record, without live buttons; the badge counts it while it waits', async () => {
  await expect.poll(badgeText).toBe('');
  await askInPanel(panel, 'Send 5 USDC to bob');
  // The request's own card, pinned (`last()` would follow the log to the Done card).
  const card = panel.locator('article[data-kind="authority_required"]').last();
  await expect(card.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expect.poll(badgeText).toBe('1');
  const opened = extension.context.waitForEvent('page');
  await card.getByRole('button', { name: 'Review and sign' }).click();
  const popup = await opened;
  await popup.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await popup.close();
  await expect.poll(badgeText).toBe('');
  const done = panel.getByRole('article').last();
  await expect(done.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 15_000 });
  await expect(done).toBeInViewport();
  // The request's card still says what it allowed, but nothing on it can act again.
  await expect(card.getByLabel('What you would allow')).toContainText('5 USDC');
  await expect(card.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Review and sign' })).toHaveCount(0);
  await expect(card).toContainText('What happened next is further down the conversation.');
  expect((await layout(panel)).scrollWidth).toBeLessThanOrEqual(PANEL_WIDTH);
});
