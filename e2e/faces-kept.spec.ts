import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';
import { SCREENSHOTS_DIR } from './paths';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/**
 * What a person expects of a wallet and an assistant, at a side panel's width: a multi-step run says which step it is
 * on, the sign sheet shows the balances a payment would change (run on the agent's chain first, and the chain agrees
 * afterwards), and the conversation is still there when the panel is closed and opened again — until Clear.
 */
const PANEL = { width: 400, height: 760 };
/** Two reads in one ask: the plan has two steps. */
const TWO_STEPS = 'Who are my contacts and which organizations am I in?';

let extension: ExtensionHandle;
test.beforeAll(async () => {
  extension = await demoExtension();
});
test.afterAll(async () => extension.close());

async function openPanel(): Promise<Page> {
  const panel = await extension.context.newPage();
  await panel.setViewportSize(PANEL);
  await panel.goto(extension.url('sidepanel.html'));
  await expect(panel.getByRole('textbox', { name: 'Ask your agent' })).toBeVisible();
  // The conversation kept in the vault has been read (there may be none).
  await expect(panel.locator('.ha-conversation[data-kept="read"]')).toBeVisible();
  return panel;
}

/** Every line the "working" entry showed while the ask ran, recorded by the page as the DOM changed. */
async function recordProgress(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progress: string[] }).progress = seen;
    new MutationObserver(() => {
      for (const line of document.querySelectorAll('.ha-waiting .ha-meta')) {
        const text = line.textContent?.trim() ?? '';
        if (text !== '' && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The first USDC amount in a text, as a number (the answer writes 1000, the sheet 1,000 in the person's locale). */
const money = (text: string) => {
  const found = /([\d,]+(?:\.\d+)?) USDC/.exec(text)?.[1];
  return found === undefined ? undefined : Number(found.replace(/,/g, ''));
};

test('a run of two steps says which step it is on, from the run’s own events', async () => {
  const panel = await openPanel();
  await recordProgress(panel);
  const card = await askInPanel(panel, TWO_STEPS);
  await expect(card.getByRole('heading', { name: 'Your agent answered' })).toBeVisible();
  const progress = await panel.evaluate(() => (window as unknown as { progress: string[] }).progress);
  console.log(`progress: ${JSON.stringify(progress)}`);
  // The two reads start together (they run in parallel), so the line may show either one last.
  expect(progress).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Step [12] of 2: List my (contacts|organizations)…$/)]),
  );
  await panel.close();
});

test('the sign sheet shows balances before → after, simulated on the agent’s chain; after Sign the chain agrees', async () => {
  const panel = await openPanel();
  const before = await askInPanel(panel, 'What’s my USDC balance?');
  const held = money((await before.textContent()) ?? '');
  expect(held).toBeDefined();
  const card = await askInPanel(panel, 'Send 5 USDC to bob');
  const opened = extension.context.waitForEvent('page');
  await card.getByRole('button', { name: 'Review and sign' }).click();
  const popup = await opened;
  const preview = popup.getByTestId('balance-preview');
  await expect(preview.getByRole('heading', { name: 'If you sign: balances before → after' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(preview).toContainText('nothing has moved yet.');
  const payer = preview.getByLabel('Balances before and after').locator('dd').first();
  const [from, to] = ((await payer.textContent()) ?? '').split('→').map((s) => money(s));
  expect(from).toBe(held);
  expect(from! - to!).toBe(5);
  expect(await seriousAxeViolations(popup)).toEqual([]);
  await popup.screenshot({ path: `${SCREENSHOTS_DIR}/popup-balance-preview.png` });
  await popup.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await popup.close();
  await expect(panel.getByRole('article').last().getByRole('heading', { name: 'Done' })).toBeVisible({
    timeout: 15_000,
  });
  const after = await askInPanel(panel, 'What’s my USDC balance?');
  expect(money((await after.textContent()) ?? '')).toBe(to);
  await panel.close();
});

test('the conversation is kept in the vault: closed and opened again it is there, as a record, until Clear', async () => {
  const panel = await openPanel();
  const earlier = panel.getByRole('region', { name: 'Earlier in this conversation' });
  await expect(earlier).toContainText('Send 5 USDC to bob', { timeout: 15_000 });
  await expect(earlier).toContainText(TWO_STEPS);
  await expect(earlier.getByRole('heading', { name: 'Done' }).first()).toBeVisible();
  // A record only: the request card kept from before has no buttons.
  await expect(earlier.getByRole('button', { name: 'Review and sign' })).toHaveCount(0);
  await expect(earlier.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  // Opened again where it was left: the last kept entry is in view.
  await expect(earlier.locator(':scope > *').last()).toBeInViewport();
  expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PANEL.width);
  await panel.screenshot({ path: `${SCREENSHOTS_DIR}/sidepanel-kept.png` });
  // A new ask goes on below the kept part.
  await askInPanel(panel, 'Who are my contacts?');
  await panel.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(panel.getByRole('status')).toHaveText('The conversation was cleared from your vault.');
  await expect(panel.getByRole('article')).toHaveCount(0);
  await panel.close();

  const again = await openPanel();
  await expect(again.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);
  await expect(again.getByRole('region', { name: 'Earlier in this conversation' })).toHaveCount(0);
  await expect(again.getByRole('article')).toHaveCount(0);
  await again.close();
});
