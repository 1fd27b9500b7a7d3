import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Serious or critical accessibility findings on a face (labels, names, contrast, landmarks), in words. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

export const PASSPHRASE = 'a long test passphrase';

/** Onboards a fresh Home from the options page: create a key, save its backup, confirm it by reopening it. */
export async function onboardWithNewKey(options: Page, name = 'Maya Tester'): Promise<void> {
  await expect(options.getByRole('heading', { name: 'Set up your Home' })).toBeVisible();
  await options.getByLabel('Your name').fill(name);
  await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await options.getByLabel('Passphrase again').fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Create my key' }).click();
  await expect(options.getByRole('heading', { name: 'Save and confirm your key backup' })).toBeVisible({ timeout: 30_000 });
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
