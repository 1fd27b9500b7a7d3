import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { scriptedCoach } from '../gateway/testing/coach-script';
import { testDatabases } from '../gateway/testing/databases';
import { startTestGateway, type TestGateway } from '../gateway/testing/test-gateway';
import type { DemoPersonId } from '../src/protocol/demo-identities';
import { read, reply } from '../src/testing/scripted-messages-script';
import type { Script } from '../src/testing/scripted-messages-types';
import { CHROMIUM_PATH, SCREENSHOTS_DIR } from './paths';

/**
 * The HeartCoach page in Debian's Chromium, against a real gateway on loopback (PGlite, its own embedded chain, the
 * real Anthropic SDK talking to the scripted Messages server) — without the extension: the session a sign-in with
 * Home Agent would give is put in the tab's sessionStorage, as the page keeps it. The flows through the extension
 * are in heartcoach-*.spec.ts beside this one.
 */
const script: Script = (request) => {
  const words = read.firstUserText(request);
  // A model that says call-emergency or tell-care-team, so the sheet's banner and note can be seen doing their job.
  if (read.lastToolResults(request).length === 0 && /chest pain/i.test(words)) {
    return reply.tool('coach_reply', {
      say: 'Call 911 now. Do not wait for the coach. Chest pain after a heart-failure stay is an emergency.',
      tier: 'call-emergency',
      because: 'The doctrine puts chest pain at call-emergency.',
    });
  }
  if (read.lastToolResults(request).length === 0 && /swelling/i.test(words)) {
    return reply.tool('coach_reply', {
      say: 'New swelling is worth a call from the nurse today.',
      tier: 'tell-care-team',
      because: 'Swelling with a weight gain is a tell-care-team sign.',
    });
  }
  return scriptedCoach(request);
};

let gw: TestGateway;
let browser: Browser;
test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

test.beforeAll(async () => {
  gw = await startTestGateway(testDatabases()[0]!, { web: true, script });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await gw?.close();
});

async function pageAs(person: DemoPersonId | null): Promise<Page> {
  const context = await browser.newContext();
  if (person !== null) {
    const issued = await gw.signIn(person);
    const session = {
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      subject: issued.subject,
      expiresAt: Date.now() + issued.expires_in * 1000,
    };
    await context.addInitScript((s) => sessionStorage.setItem('heartcoach.session', JSON.stringify(s)), session);
  }
  return context.newPage();
}

async function noSeriousAxe(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage: true });
}

test('without Home Agent the page says how to sign in, and offers no button that cannot work', async () => {
  const page = await pageAs(null);
  await page.goto(gw.url);
  await expect(page.locator('#no-home-agent')).toHaveText(/Home Agent is not installed in this browser/);
  await expect(page.getByRole('button', { name: 'Connect with Home Agent' }).first()).toBeVisible();
  await noSeriousAxe(page);
  await page.context().close();
});

test("Dr. Dave's desk: patients, alerts, the thirty days; the Ask about Alice opens from her page and is answered", async () => {
  const page = await pageAs('dave');
  await page.goto(gw.url);
  await expect(page.locator('#signed-in-as')).toHaveText('Signed in as Dr. Dave Silva, MD');
  const alice = page.locator(`tr[data-patient="${gw.demo.addressOf('alice')}"]`);
  await expect(alice).toContainText('Cardiologist');
  await expect(alice).toContainText('day 3 of 30');
  await expect(page.locator(`tr[data-patient="${gw.demo.addressOf('bob')}"]`)).toBeVisible();
  await noSeriousAxe(page);
  await screenshot(page, 'heartcoach-desk');

  await alice.getByRole('link', { name: 'Alice Okoro' }).click();
  await expect(page.getByRole('heading', { name: 'Alice Okoro', level: 1 })).toBeVisible();
  await expect(page.locator('[data-milestone="visit-7d"]')).toContainText('yours to record');
  await expect(page.locator('[data-milestone="discharge-med-rec"]')).toContainText('done by Nathan Reyes');
  await expect(page.locator('[data-alert="alert-alice-0928"]')).toContainText('open');
  await noSeriousAxe(page);

  await page.getByRole('button', { name: 'Ask about Alice Okoro' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ask about Alice Okoro' });
  await expect(sheet.getByLabel('HeartCoach')).toBeChecked();
  await sheet.getByLabel('Your question').fill('Where is Alice in her thirty days, and what is still mine to do?');
  await sheet.getByRole('button', { name: 'Ask' }).click();
  const answer = sheet.getByRole('article', { name: 'HeartCoach’s answer' });
  await expect(answer.locator('.say')).toHaveText(
    'Alice is on day 3 after discharge. Still yours to record: visit-7d.',
  );
  await expect(answer.locator('.because')).toHaveText('From the desk brief.');
  await expect(answer.locator('.by')).toContainText('about Alice Okoro as cardiologist');
  await noSeriousAxe(page);
  await screenshot(page, 'heartcoach-ask-sheet');
  // Escape closes the sheet and gives the focus back to what opened it.
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask about Alice Okoro' })).toBeFocused();
  await page.context().close();
});

test('an act that landed shows ✓ and the page behind re-reads: the alert is resolved by Dr. Dave', async () => {
  const page = await pageAs('dave');
  await page.goto(`${gw.url}/#/patient/${gw.demo.addressOf('atria-heart')}/${gw.demo.addressOf('alice')}`);
  await expect(page.locator('[data-alert="alert-alice-0928"]')).toContainText('open');
  await page.getByRole('button', { name: 'Ask about Alice Okoro' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ask about Alice Okoro' });
  await sheet.getByLabel('Your question').fill("Acknowledge Alice's alert — I called and reviewed the plan");
  await sheet.getByRole('button', { name: 'Ask' }).click();
  await expect(sheet.locator('li.act.ok')).toContainText(/✓\s*Done:.*resolved alert alert-alice-0928/);
  // coach:desk-changed: the patient's page behind the sheet was read again, and shows what landed.
  await expect(page.locator('[data-alert="alert-alice-0928"]')).toContainText(
    'resolved · “Ankles a little puffy; weight up 0.8 kg in two days.”',
  );
  await expect(page.locator('[data-alert="alert-alice-0928"]')).toContainText('acknowledged by Dr. Dave Silva, MD');
  await page.context().close();
});

test("a refused act is one ✕ line in the gate's own words: Dr. Priya cannot record the pharmacist's milestone", async () => {
  const page = await pageAs('priya');
  await page.goto(`${gw.url}/#/patient/${gw.demo.addressOf('atria-heart')}/${gw.demo.addressOf('alice')}`);
  await page.getByRole('button', { name: 'Ask about Alice Okoro' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ask about Alice Okoro' });
  await sheet
    .getByLabel('Your question')
    .fill('Record the discharge medication reconciliation as done — I went through her list.');
  await sheet.getByRole('button', { name: 'Ask' }).click();
  const refused = sheet.locator('li.act.refused');
  await expect(refused).toContainText(/✕\s*Refused:/);
  await expect(refused).toContainText(/pharmacist/i);
  await expect(page.locator('[data-milestone="discharge-med-rec"]')).toContainText('done by Nathan Reyes');
  await screenshot(page, 'heartcoach-refusal');
  await page.context().close();
});

test('the red banner at call-emergency and the amber note at tell-care-team', async () => {
  const page = await pageAs('dave');
  await page.goto(`${gw.url}/#/patient/${gw.demo.addressOf('atria-heart')}/${gw.demo.addressOf('alice')}`);
  await page.getByRole('button', { name: 'Ask about Alice Okoro' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ask about Alice Okoro' });
  await sheet.getByLabel('Your question').fill('She says she has chest pain right now');
  await sheet.getByRole('button', { name: 'Ask' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Call 911 now. Do not wait for the coach.');
  await expect(sheet.locator('.banner.emergency')).toHaveCSS('background-color', 'rgb(163, 0, 27)');
  await sheet.getByLabel('Your question').fill('Her ankle swelling is worse');
  await sheet.getByRole('button', { name: 'Ask' }).click();
  await expect(sheet.locator('.note.amber')).toHaveText('This is one for the care team to follow up.');
  await expect(sheet.locator('.banner.emergency')).toHaveCount(0);
  await page.context().close();
});

test("an Ask goes at once, ahead of the page's reads still waiting in the queue", async () => {
  const page = await pageAs('dave');
  await page.goto(`${gw.url}/#/patient/${gw.demo.addressOf('atria-heart')}/${gw.demo.addressOf('alice')}`);
  await expect(page.getByRole('button', { name: 'Ask about Alice Okoro' })).toBeVisible();
  // Hold every desk read from now on: the screen's next re-read waits, and so does every read queued behind it.
  const held: Array<() => void> = [];
  await page.route('**/desk/**', (route) => held.push(() => void route.continue()));
  await page.getByRole('button', { name: 'Ask about Alice Okoro' }).click();
  await page.evaluate(() => window.dispatchEvent(new Event('hashchange')));
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const sheet = page.getByRole('dialog', { name: 'Ask about Alice Okoro' });
  await sheet.getByLabel('Your question').fill('Where is Alice in her thirty days, and what is still mine to do?');
  await sheet.getByRole('button', { name: 'Ask' }).click();
  await expect(sheet.locator('.say')).toHaveText(/Alice is on day 3/);
  expect(held.length).toBe(1);
  for (const release of held) release();
  await page.context().close();
});

test("Alice's own care: her team and thirty days from the desk, and the doors to her agent (none here without Home Agent)", async () => {
  const page = await pageAs('alice');
  await page.goto(gw.url);
  await expect(page.getByRole('heading', { name: 'My care' })).toBeVisible();
  await expect(page.locator('[data-milestone="visit-7d"]')).not.toContainText('yours to record');
  await expect(page.getByRole('button', { name: 'Connect my agent' })).toBeDisabled();
  await expect(page.locator('#wire-status')).toHaveText('HeartCoach has no wire to your agent.');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Ask' });
  await expect(sheet.getByLabel('My agent')).toBeChecked();
  await expect(sheet.locator('#door-note')).toHaveText(
    'Home Agent is not installed in this browser, so there is no agent to ask.',
  );
  await noSeriousAxe(page);
  await page.context().close();
});
