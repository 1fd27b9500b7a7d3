import type { Page } from '@playwright/test';
import { expect, launchExtension, test, type ExtensionHandle } from './fixtures';
import { PASSPHRASE } from './faces-support';
import { signInToHeartCoach, startGatewayProcess, type GatewayProcess } from './heartcoach-support';

/**
 * HeartCoach, the care team: a clinician's own Home Agent (a profile holding Dr. Dave's demo key) connects to
 * the HeartCoach page and asks about Alice from her page on the desk; Dr. Priya, in her own profile, is refused in
 * the gate's words when she tries to record the pharmacist's milestone. The built extension in Debian's Chromium;
 * the real gateway in its own process on loopback, its model the scripted Messages server.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let gw: GatewayProcess;

/** A fresh browser profile whose Home holds a clinician's demo identity, signed in to the HeartCoach page. */
async function clinician(identity: 'dave' | 'priya'): Promise<{ extension: ExtensionHandle; page: Page }> {
  const extension = await launchExtension();
  const options = await extension.context.newPage();
  await options.goto(extension.url('options.html'));
  const card = options.locator('section[aria-labelledby="clinician-title"]');
  await card
    .getByLabel(identity === 'dave' ? 'Dr. Dave Silva, cardiologist' : 'Dr. Priya Nair, primary-care physician')
    .check();
  await card.getByLabel('Passphrase (at least 10 characters)').fill(PASSPHRASE);
  await card.getByRole('button', { name: 'Load the care-team demo profile' }).click();
  await expect(options.getByRole('heading', { name: 'Your key', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(options.locator('body')).toContainText(identity === 'dave' ? 'Dr. Dave Silva, MD' : 'Dr. Priya Nair');
  await options.close();
  const page = await extension.context.newPage();
  await signInToHeartCoach(extension.context, page, gw.url);
  return { extension, page };
}

/** Opens Alice's page from the desk and asks about her there. */
async function askAboutAlice(page: Page, words: string) {
  await page.getByRole('link', { name: 'Alice Okoro' }).click();
  await expect(page.getByRole('heading', { name: 'Alice Okoro', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Ask about Alice Okoro' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ask about Alice Okoro' });
  await expect(sheet.getByLabel('HeartCoach')).toBeChecked();
  await sheet.getByLabel('Your question').fill(words);
  await sheet.getByRole('button', { name: 'Ask', exact: true }).click();
  return sheet;
}

test.beforeAll(async () => {
  gw = await startGatewayProcess();
});
test.afterAll(async () => {
  await gw?.close();
});

test("Dr. Dave's Home Agent signs in to HeartCoach, sees Alice on his desk, and asks about her from her page", async ({
  saveScreenshot,
}) => {
  const { extension, page } = await clinician('dave');
  try {
    await expect(page.locator('#signed-in-as')).toHaveText('Signed in as Dr. Dave Silva, MD');
    const alice = page.locator('tr', { has: page.getByRole('link', { name: 'Alice Okoro' }) });
    await expect(alice).toContainText('Cardiologist');
    await expect(alice).toContainText('day 3 of 30');
    const sheet = await askAboutAlice(page, 'Where is Alice in her thirty days, and what is still mine to do?');
    const answer = sheet.getByRole('article', { name: 'HeartCoach’s answer' });
    await expect(answer.locator('.say')).toHaveText(
      'Alice is on day 3 after discharge. Still yours to record: visit-7d.',
      { timeout: 30_000 },
    );
    await expect(answer.locator('.by')).toContainText('about Alice Okoro as cardiologist');
    await saveScreenshot(page, 'heartcoach-care-team-dave');

    // An act that lands: ✓, and Alice's page behind the sheet re-reads and shows the alert resolved by him.
    await sheet.getByLabel('Your question').fill("Acknowledge Alice's alert — I called and reviewed the plan");
    await sheet.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(sheet.locator('li.act.ok')).toContainText('resolved alert alert-alice-0928', { timeout: 30_000 });
    await expect(page.locator('[data-alert="alert-alice-0928"]')).toContainText('acknowledged by Dr. Dave Silva, MD');
  } finally {
    await extension.close();
  }
});

test("Dr. Priya, in her own Home Agent, is refused in the gate's words when she records the pharmacist's milestone", async ({
  saveScreenshot,
}) => {
  const { extension, page } = await clinician('priya');
  try {
    await expect(page.locator('#signed-in-as')).toHaveText('Signed in as Dr. Priya Nair');
    const sheet = await askAboutAlice(
      page,
      'Record the discharge medication reconciliation as done — I went through her list.',
    );
    const refused = sheet.locator('li.act.refused');
    await expect(refused).toContainText('Refused:', { timeout: 30_000 });
    await expect(refused).toContainText(
      "discharge-med-rec is the Pharmacist's to record (hp:milestoneOwner); your role on Alice Okoro's team (Primary-care physician) does not own it",
    );
    await expect(sheet.locator('.say')).toContainText('I could not do that:');
    await saveScreenshot(page, 'heartcoach-care-team-priya-refused');
  } finally {
    await extension.close();
  }
});
