import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';
import { overlayDialog, overlayFrame } from './overlay-support';
import { ROOT, SCREENSHOTS_DIR } from './paths';
import { startStaticServer } from './static-server';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A real side panel's width (Chromium's default is about 400 px), for the README's screenshots too. */
const PANEL = { width: 400, height: 760 };
const DOCS = `${ROOT}docs/screenshots`;
/** faces.css's page colour in each scheme. */
const BACKGROUND = { light: 'rgb(251, 251, 253)', dark: 'rgb(22, 24, 29)' };

let extension: ExtensionHandle;
let pages: Awaited<ReturnType<typeof startStaticServer>>;

test.beforeAll(async () => {
  [extension, pages] = await Promise.all([demoExtension(), startStaticServer()]);
  mkdirSync(DOCS, { recursive: true });
});
test.afterAll(async () => Promise.all([extension.close(), pages.close()]));

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Saves a face's screenshot for the test log and for the README. */
async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage });
  copyFileSync(`${SCREENSHOTS_DIR}/${name}.png`, `${DOCS}/${name}.png`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the side panel, popup and Home in ${scheme} at a side panel's width`, async () => {
    const panel = await extension.context.newPage();
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.setViewportSize(PANEL);
    await panel.goto(extension.url('sidepanel.html'));
    expect(await background(panel)).toBe(BACKGROUND[scheme]);
    await askInPanel(panel, 'Who are my contacts?');
    const card = await askInPanel(panel, 'Send 5 USDC to bob');
    await expect(card.getByRole('heading', { name: 'Your signature is needed' })).toBeInViewport();
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PANEL.width);
    expect(await seriousAxeViolations(panel)).toEqual([]);
    await shoot(panel, `sidepanel-${scheme}`);

    const popup = await extension.context.newPage();
    await popup.emulateMedia({ colorScheme: scheme });
    await popup.setViewportSize({ width: 460, height: 720 });
    const runRef = (await card.locator('.ha-meta code').last().textContent()) ?? '';
    await popup.goto(extension.url(`popup.html?request=${encodeURIComponent(runRef)}`));
    await expect(popup.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
    // The payment's balances before → after, as the agent's chain ran it, are part of the sheet's picture.
    await expect(popup.getByTestId('balance-preview')).toContainText('→', { timeout: 30_000 });
    expect(await background(popup)).toBe(BACKGROUND[scheme]);
    expect(await seriousAxeViolations(popup)).toEqual([]);
    await shoot(popup, `popup-sign-${scheme}`);
    await popup.getByRole('button', { name: 'Decline' }).click();
    await expect(popup.getByRole('heading', { name: 'Refused' })).toBeVisible({ timeout: 30_000 });
    await popup.close();
    await panel.close();

    const home = await extension.context.newPage();
    await home.emulateMedia({ colorScheme: scheme });
    await home.setViewportSize({ width: 600, height: 900 });
    await home.goto(extension.url('options.html'));
    await expect(home.getByRole('heading', { name: 'How to ask your agent' })).toBeVisible();
    expect(await background(home)).toBe(BACKGROUND[scheme]);
    expect(await seriousAxeViolations(home)).toEqual([]);
    await shoot(home, `home-${scheme}`);

    // The consent window, opened with no request: it says so in words, in the person's scheme.
    await home.goto(extension.url('consent.html'));
    expect(await background(home)).toBe(BACKGROUND[scheme]);
    expect(await seriousAxeViolations(home)).toEqual([]);
    await shoot(home, `consent-${scheme}`);
    await home.close();
  });
}

test('the overlay on a light page follows a dark system, and is not forced light', async () => {
  const page = await extension.context.newPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(pages.url('/article.html'));
  await page.bringToFront();
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    const event = chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void };
    if (tab !== undefined) event.dispatch('open-overlay', tab);
  }, page.url());
  await expect(overlayDialog(page)).toBeVisible({ timeout: 30_000 });
  const scheme = await page.evaluate(() => {
    const frame = document.querySelector('home-agent-overlay')?.shadowRoot?.querySelector('iframe');
    return frame === null || frame === undefined ? '' : getComputedStyle(frame).colorScheme;
  });
  expect(scheme).toBe('light dark');
  const inside = await overlayFrame(page)
    .locator('body')
    .evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(inside).toBe(BACKGROUND.dark);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/overlay-dark.png` });
  copyFileSync(`${SCREENSHOTS_DIR}/overlay-dark.png`, `${DOCS}/overlay-dark.png`);
});
