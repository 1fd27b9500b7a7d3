import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { EXTENSION_ID } from '../src/protocol/extension-id';
import { expect, test } from './fixtures';

/** Serious or critical accessibility findings on a face (labels, names, contrast, landmarks). */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('the extension id is the one the manifest key pins', async ({ extension }) => {
  expect(extension.extensionId).toBe(EXTENSION_ID);
});

test('side panel: an ask round-trips through the background to the harness, which answers in words', async ({
  openFace,
  background,
  saveScreenshot,
}) => {
  const before = await background.handled('ask');
  const panel = await openFace('sidepanel');
  await panel.getByRole('textbox', { name: 'Ask your agent' }).fill('How is my week going?');
  await panel.getByRole('button', { name: 'Ask' }).click();
  // This profile's Home is empty: the harness says so (e2e/agent-ask.spec.ts asks a Home with the demo loaded).
  await expect(panel.getByRole('alert')).toContainText('This Home holds no person yet', { timeout: 20_000 });
  expect(await background.handled('ask')).toBe(before + 1);
  expect(await seriousAxeViolations(panel)).toEqual([]);
  await saveScreenshot(panel, 'sidepanel');
});

test('side panel: a blank ask is refused in words where the person looks, and never sent', async ({
  openFace,
  background,
}) => {
  const before = await background.handled('ask');
  const panel = await openFace('sidepanel');
  await panel.getByRole('textbox', { name: 'Ask your agent' }).fill('   ');
  await panel.getByRole('button', { name: 'Ask' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Say something to ask: the box is empty.');
  expect(await background.handled('ask')).toBe(before);
});

test('popup: the pending requests are read from the background (none in an empty Home)', async ({
  openFace,
  background,
  saveScreenshot,
}) => {
  const before = await background.handled('agent.pending');
  const popup = await openFace('popup');
  await expect(popup.getByRole('heading', { name: 'Requests waiting for you' })).toBeVisible();
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
  expect(await background.handled('agent.pending')).toBe(before + 1);
  await expect(popup.getByRole('button', { name: 'Open the side panel to ask' })).toBeEnabled();
  expect(await seriousAxeViolations(popup)).toEqual([]);
  await saveScreenshot(popup, 'popup');
});

test('options: an empty profile opens on onboarding, every control labelled', async ({ openFace, saveScreenshot }) => {
  const options = await openFace('options');
  await expect(options.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(options.getByRole('region', { name: 'Set up your Home' })).toBeVisible();
  await expect(options.getByRole('region', { name: 'Or restore a Home you exported' })).toBeVisible();
  for (const name of ['Create a new key', 'Import a key I have', 'Load the demo profile (Alice)'])
    await expect(options.getByRole('radio', { name })).toBeVisible();
  expect(await seriousAxeViolations(options)).toEqual([]);
  await saveScreenshot(options, 'options');
});
