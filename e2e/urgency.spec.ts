import type { Locator } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';
import { overlayDialog } from './overlay-support';
import { startStaticServer } from './static-server';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A real side panel's width. */
const PANEL = { width: 400, height: 760 };
/** faces-urgency.css's red banner in each scheme. */
const RED = { light: 'rgb(163, 0, 27)', dark: 'rgb(179, 18, 46)' };

/**
 * Where the alert's top edge is in the scroll viewport that shows it (the face's own scroller, else its window's):
 * 0 at the viewport's top, `view` its height. Read in the alert's own document (the overlay's frame, or the panel).
 */
const topInView = (alert: Locator) =>
  alert.evaluate((el) => {
    let scroller: Element | null = el.parentElement;
    while (scroller !== null) {
      const { overflowY } = getComputedStyle(scroller);
      const scrolls = overflowY === 'auto' || overflowY === 'scroll';
      if (scrolls && scroller !== document.body && scroller.scrollHeight > scroller.clientHeight) break;
      scroller = scroller.parentElement;
    }
    const view = scroller === null ? { top: 0, height: window.innerHeight } : scroller.getBoundingClientRect();
    return { top: el.getBoundingClientRect().top - view.top, view: view.height };
  });

/** The alert's head is read first: its top edge is inside the viewport, not scrolled above it (nor below). */
async function expectHeadInView(alert: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const { top, view } = await topInView(alert);
      return top >= 0 && top < view ? 'in view' : `top at ${top} of a ${view} px viewport`;
    })
    .toBe('in view');
}

let extension: ExtensionHandle;
let pages: Awaited<ReturnType<typeof startStaticServer>>;
/** The cards the side panel's kept conversation holds so far: a new panel shows them before it is asked again. */
let kept = 0;

test.beforeAll(async () => {
  [extension, pages] = await Promise.all([demoExtension(), startStaticServer()]);
});
test.afterAll(async () => Promise.all([extension.close(), pages.close()]));

for (const scheme of ['light', 'dark'] as const) {
  test(`a red-flag symptom in the side panel (${scheme}): the red tier first, with 911 to dial`, async ({
    saveScreenshot,
  }) => {
    const panel = await extension.context.newPage();
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.setViewportSize(PANEL);
    await panel.goto(extension.url('sidepanel.html'));
    await expect(panel.getByRole('article')).toHaveCount(kept);

    const card = await askInPanel(panel, 'I have chest pain and my left arm feels numb');
    const alert = card.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Emergency');
    await expect(alert).toContainText('Call 911 now.');
    const call = alert.getByRole('link', { name: 'Call 911' });
    await expect(call).toHaveAttribute('href', 'tel:911');
    await expect(alert).toHaveCSS('background-color', RED[scheme]);
    // The tier is the first thing on the card, above its heading, and in view without scrolling sideways.
    const [alertBox, headingBox] = await Promise.all([
      alert.boundingBox(),
      card.getByRole('heading', { name: 'Your agent answered' }).boundingBox(),
    ]);
    expect(alertBox!.y).toBeLessThan(headingBox!.y);
    await expect(alert).toBeInViewport();
    await expectHeadInView(alert);
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PANEL.width);
    expect(await seriousAxeViolations(panel)).toEqual([]);
    await saveScreenshot(panel, `sidepanel-urgency-red-${scheme}`);

    const amber = await askInPanel(panel, "my ankles are swollen and I'm a bit short of breath");
    const note = amber.locator('.ha-urgency');
    await expect(note).toHaveAttribute('role', 'status');
    await expect(note).toHaveAttribute('data-colour', 'amber');
    await expect(note).toContainText('Tell your care team about this today');
    await expect(amber.getByRole('alert')).toHaveCount(0);
    expect(await seriousAxeViolations(panel)).toEqual([]);
    await saveScreenshot(panel, `sidepanel-urgency-amber-${scheme}`);
    kept = await panel.getByRole('article').count();
    await panel.close();
  });
}

test('the in-page overlay shares the card: the red tier and 911 there too, in dark', async ({ saveScreenshot }) => {
  const page = await extension.context.newPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  // No text selected: the overlay asks about nothing on the page.
  await page.goto(pages.url('/article.html'));
  await page.bringToFront();
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (url) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
    const event = chrome.commands.onCommand as unknown as { dispatch(command: string, tab: chrome.tabs.Tab): void };
    if (tab !== undefined) event.dispatch('open-overlay', tab);
  }, page.url());
  const overlay = overlayDialog(page);
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  await overlay.getByRole('textbox', { name: 'Ask your agent' }).fill('I have chest pain and my left arm feels numb');
  await overlay.getByRole('button', { name: 'Ask', exact: true }).click();
  const alert = overlay.locator('article[data-kind="answer"]').last().getByRole('alert');
  await expect(alert).toContainText('Call 911 now.', { timeout: 30_000 });
  await expect(alert.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
  await expect(alert).toHaveCSS('background-color', RED.dark);
  // Revealed from its top: the banner's head is in the overlay's view, not scrolled above it…
  await expectHeadInView(alert);
  // …and kept there when the person comes back to the overlay (its window gets focus, as the browser tells it when
  // they return from the page or another window): focus goes to the Ask box without scrolling the banner away.
  await alert.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
  await expect(overlay.getByRole('textbox', { name: 'Ask your agent' })).toBeFocused();
  await expectHeadInView(alert);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'overlay-urgency-red-dark');
  await page.close();
});
