import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { demoExtension } from './faces-support';
import { consentWindow, signInToHeartCoach, startGatewayProcess, type GatewayProcess } from './heartcoach-support';

/**
 * HeartCoach with a readings-only grant, asking as the person: Alice connects HeartCoach with her Readings folder
 * alone and lets its page ask her agent with nothing else ticked. Asked as her for her contacts and her memory, her
 * agent refuses in words and nothing of them reaches the page; a request the page started waits in her popup as the
 * app's — "HeartCoach (origin) asked your agent: …", never "You asked". The built extension in Debian's Chromium; the
 * real gateway in its own process on loopback.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let gw: GatewayProcess;
let extension: ExtensionHandle;
let coach: Page;

/** Asks on the HeartCoach page through the "My agent" door and returns the sheet. */
async function askMyAgent(words: string) {
  await coach.getByRole('button', { name: 'Ask', exact: true }).click();
  const sheet = coach.getByRole('dialog', { name: 'Ask' });
  await expect(sheet.getByLabel('My agent')).toBeChecked();
  await sheet.getByLabel('Your question').fill(words);
  await sheet.getByRole('button', { name: 'Ask', exact: true }).click();
  return sheet;
}

test.beforeAll(async () => {
  // The gateway deploys its own chain and the extension its demo Home: on a loaded 2-core machine, well over 30 s.
  test.setTimeout(120_000);
  [gw, extension] = await Promise.all([startGatewayProcess(), demoExtension()]);
  coach = await extension.context.newPage();
  await signInToHeartCoach(extension.context, coach, gw.url);
});
test.afterAll(async () => {
  await extension?.close();
  await gw?.close();
});

test('connected with Readings alone, and a wire that may answer from nothing else', async () => {
  const connect = await consentWindow(extension.context, () =>
    coach.getByRole('button', { name: 'Connect my agent' }).click(),
  );
  await expect(connect.getByRole('heading', { name: 'Connect HeartCoach' })).toBeVisible();
  for (const folder of ['Cardiac profile', 'Doses', 'Symptoms', 'Preferences', 'Earlier insights'])
    await connect.getByRole('checkbox', { name: folder }).uncheck();
  await expect(connect.getByRole('checkbox', { name: 'Readings' })).toBeChecked();
  await connect.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(coach.locator('#status')).toHaveText('Your agent is connected: HeartCoach may read readings.', {
    timeout: 30_000,
  });

  const wire = await consentWindow(extension.context, () =>
    coach.getByRole('button', { name: 'Let HeartCoach ask my agent' }).click(),
  );
  const read = wire.getByRole('group', { name: 'What your agent may answer it from' });
  await expect(read.getByRole('checkbox', { name: /^Readings/ })).toBeChecked();
  for (const kind of ['Contacts', 'Memory', 'Receipts', 'Organizations', 'Balance'])
    await expect(read.getByRole('checkbox', { name: new RegExp(`^${kind}`) })).not.toBeChecked();
  await wire.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(coach.locator('#wire-status')).toHaveText(/^HeartCoach may ask your agent until \d{4}-\d{2}-\d{2}\.$/, {
    timeout: 30_000,
  });
});

test('asked as Alice for her contacts and her memory: refused in words, none of them on the page', async () => {
  for (const [ask, what] of [
    ['Who are my contacts?', 'your contacts'],
    ['List my memory records.', 'your memory'],
  ] as const) {
    const sheet = await askMyAgent(ask);
    await expect(sheet).toContainText(`HeartCoach may not read ${what}`, { timeout: 30_000 });
    // Her contacts (Bob Mensah, Carol…) and her memory never reach the app's page.
    await expect(sheet).not.toContainText('Bob Mensah');
    await expect(sheet).not.toContainText('Carol');
    await sheet.getByRole('button', { name: 'Close' }).click();
  }
});

test('a request HeartCoach started waits in the popup as the app’s, never as “You asked”', async ({
  saveScreenshot,
}) => {
  const words = 'Remember that I prefer morning calls.';
  const sheet = await askMyAgent(words);
  const answer = sheet.getByRole('article', { name: 'Your agent’s answer' });
  await expect(answer).toHaveAttribute('data-kind', 'authority_required', { timeout: 30_000 });
  await sheet.getByRole('button', { name: 'Close' }).click();

  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  const queue = popup.getByRole('list', { name: 'Pending requests' });
  await expect(queue.getByRole('button')).toHaveCount(1, { timeout: 30_000 });
  await expect(queue).toContainText(`HeartCoach (${gw.url}) asked your agent`);
  await expect(popup.locator('body')).toContainText(`HeartCoach (${gw.url}) asked your agent: “${words}”`);
  await expect(popup.locator('body')).not.toContainText('You asked');
  await saveScreenshot(popup, 'heartcoach-app-started-request');
  await popup.close();
});
