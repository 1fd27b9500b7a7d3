import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, launchExtension, type ExtensionHandle } from './fixtures';
import type { LaunchOptions } from './launch';

/** Serious or critical accessibility findings on a face (labels, names, contrast, landmarks), in words. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

export const PASSPHRASE = 'a long test passphrase';

/** Onboards a fresh Home from the options page: create a key, save its backup, confirm it by reopening it. */
export async function onboardWithNewKey(options: Page, name = 'Maya Tester'): Promise<void> {
  await expect(options.getByRole('heading', { name: 'Set up your Home' })).toBeVisible();
  await options.getByLabel('Your name').fill(name);
  await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await options.getByLabel('Passphrase again').fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Create my key' }).click();
  await expect(options.getByRole('heading', { name: 'Save and confirm your key backup' })).toBeVisible({
    timeout: 30_000,
  });
  const download = options.waitForEvent('download');
  await options.getByRole('button', { name: 'Save the backup file' }).click();
  const file = await (await download).path();
  await options.getByLabel('Backup file').setInputFiles(file);
  await options.getByLabel('Your passphrase').fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Confirm my backup' }).click();
  await expect(options.getByRole('heading', { name: 'Your key', level: 2 })).toBeVisible({ timeout: 30_000 });
}

/** Loads the demo profile (Alice) from an empty Home's onboarding. */
export async function loadDemo(options: Page): Promise<void> {
  await expect(options.getByRole('heading', { name: 'Set up your Home' })).toBeVisible();
  await options.getByLabel('Load the demo profile (Alice)').check();
  await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await options.getByLabel('Passphrase again').fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Load the demo profile' }).click();
  await expect(options.getByRole('heading', { name: 'Your key', level: 2 })).toBeVisible({ timeout: 60_000 });
}

/** A fresh profile with the demo profile loaded from the options page (its own Chromium, for specs that change state). */
export async function demoExtension(launch: LaunchOptions = {}): Promise<ExtensionHandle> {
  const extension = await launchExtension(launch);
  const options = await extension.context.newPage();
  await options.goto(extension.url('options.html'));
  await loadDemo(options);
  await options.close();
  return extension;
}

/**
 * Asks in the side panel and returns the reply to these words: the card that takes the place of "working…" right
 * after them in the log. Not merely the newest card: a reply told from elsewhere (a decline in the popup, an overlay
 * ask) can arrive while this ask runs, and would otherwise be taken for its reply.
 */
export async function askInPanel(panel: Page, words: string) {
  const said = new RegExp(`^You: ${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const asked = panel.getByRole('log').locator('.ha-you > p').filter({ hasText: said });
  const before = await asked.count();
  await panel.getByRole('textbox', { name: 'Ask your agent' }).fill(words);
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(asked).toHaveCount(before + 1);
  const card = asked.nth(before).locator('xpath=../following-sibling::*[1][self::article]');
  await expect(card).toBeVisible({ timeout: 30_000 });
  return card;
}

/** Presses Tab until the focused element is the named button (keyboard only), failing after `limit` presses. */
export async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el === null ? '' : `${el.tagName}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
    });
    if (focused === `BUTTON:${name}`) return;
  }
  throw new Error(`Tab never reached the button "${name}".`);
}
