import type { Page } from '@playwright/test';
import { DEMO_PEOPLE } from '../src/protocol/demo-identities';
import { expect, launchExtension, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, PASSPHRASE, seriousAxeViolations } from './faces-support';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let alice: ExtensionHandle;
let bob: ExtensionHandle;
let panel: Page;

/** Bob's own Home: his demo key imported (public test key), its backup confirmed. */
async function bobsHome(): Promise<ExtensionHandle> {
  const home = await launchExtension();
  const options = await home.context.newPage();
  await options.goto(home.url('options.html'));
  await options.getByLabel('Import a key I have').check();
  await options.getByLabel('Your name').fill('Bob Mensah');
  await options.getByLabel('Private key').fill(DEMO_PEOPLE.bob.privateKey);
  await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await options.getByLabel('Passphrase again').fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Import my key' }).click();
  const download = options.waitForEvent('download');
  await options.getByRole('button', { name: 'Save the backup file' }).click();
  await options.getByLabel('Backup file').setInputFiles(await (await download).path());
  await options.getByLabel('Your passphrase').fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Confirm my backup' }).click();
  await expect(options.getByRole('heading', { name: 'Your key', level: 2 })).toBeVisible({ timeout: 30_000 });
  await options.close();
  return home;
}

/** A payment above Alice's threshold, signed by her in the popup: the run then waits for her co-signer. */
async function signedHighPayment(amount: number) {
  const card = await askInPanel(panel, `Send ${amount} USDC to bob`);
  await expect(card.getByLabel('What you would allow')).toContainText(/^.*High/);
  const opened = alice.context.waitForEvent('page');
  await card.getByRole('button', { name: 'Review and sign' }).click();
  const popup = await opened;
  await popup.getByRole('button', { name: 'Sign', exact: true }).click();
  // Signed: the popup stays on the request, now waiting on the co-signer, with its approval exchange.
  await expect(popup.getByRole('heading', { name: 'Approval by another person' })).toBeVisible({ timeout: 30_000 });
  await popup.close();
  const waiting = panel
    .getByRole('article')
    .filter({ has: panel.getByRole('heading', { name: 'Approval by another person' }) })
    .last();
  await expect(waiting).toBeVisible({ timeout: 10_000 });
  return waiting;
}

/** Bob opens the approval link in his own Home Agent and approves; returns the co-signature file he saved. */
async function bobApproves(
  link: string,
  saveScreenshot?: (page: Page, name: string) => Promise<void>,
): Promise<string> {
  const page = await bob.context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Approve another person’s request' })).toBeVisible();
  await expect(page.getByLabel('What you would approve')).toContainText('Send USDC');
  if (saveScreenshot !== undefined) {
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'popup-approve');
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Approve' }).click();
  const path = `${test.info().outputDir}/co-signature-${Date.now()}.json`;
  await (await download).saveAs(path);
  await page.close();
  return path;
}

test.beforeAll(async () => {
  [alice, bob] = await Promise.all([demoExtension(), bobsHome()]);
  panel = await alice.context.newPage();
  await panel.goto(alice.url('sidepanel.html'));
});
test.afterAll(async () => Promise.all([alice.close(), bob.close()]));

test('approval by another person: the request travels as a link to their Home, the co-signature comes back as a file, and the payment is done', async ({
  saveScreenshot,
}) => {
  const waiting = await signedHighPayment(40);
  const link = await waiting.getByRole('link', { name: 'approval link' }).getAttribute('href');
  expect(link).toMatch(/^chrome-extension:\/\/oecdimfcdkaaiomgojjgjopecgaihpnl\/popup\.html#approve=/);
  const cosignature = await bobApproves(link ?? '', saveScreenshot);
  await waiting.getByLabel('Their co-signature file').setInputFiles(cosignature);
  const done = panel.getByRole('article').last();
  await expect(done.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await expect(done).toContainText('40 USDC');
});

test('revoke a mandate in the options page: its next use is refused in words', async ({ saveScreenshot }) => {
  const waiting = await signedHighPayment(30);
  const link = (await waiting.getByRole('link', { name: 'approval link' }).getAttribute('href')) ?? '';

  const options = await alice.context.newPage();
  await options.goto(alice.url('options.html'));
  const mandates = options.getByRole('table', { name: 'Mandates you signed' });
  const active = mandates.getByRole('row').filter({ hasText: 'active' });
  await expect(active).toHaveCount(1);
  await active.getByRole('button', { name: /^Revoke the mandate/ }).click();
  await active.getByRole('button', { name: /^Yes, revoke/ }).click();
  await expect(mandates.getByRole('row').filter({ hasText: 'active' })).toHaveCount(0, { timeout: 30_000 });
  await expect(mandates.getByRole('row').filter({ hasText: 'revoked' })).toHaveCount(1);
  expect(await seriousAxeViolations(options)).toEqual([]);
  await saveScreenshot(options, 'options-mandates');

  const cosignature = await bobApproves(link);
  await panel.bringToFront();
  await waiting.getByLabel('Their co-signature file').setInputFiles(cosignature);
  const refused = panel.getByRole('article').last();
  await expect(refused.getByRole('heading', { name: 'Refused' })).toBeVisible({ timeout: 30_000 });
  await expect(refused.locator('.ha-reason')).toContainText(/revoked/i);
});

test('approval in the popup: the queue carries the co-signer request (from the run’s checkpoint), its link goes to the approver, and the co-signature is imported there', async ({
  saveScreenshot,
}) => {
  await signedHighPayment(35);
  // The popup opened afresh on its queue (no conversation behind it): the request and its exchange come from the agent.
  const popup = await alice.context.newPage();
  await popup.goto(alice.url('popup.html'));
  await expect(popup.getByRole('list', { name: 'Pending requests' }).getByRole('button')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(popup.getByRole('list', { name: 'Pending requests' })).toContainText(
    'Send USDC, at most 35 USDC — you asked “Send 35 USDC to bob” — waits for a co-signer’s approval',
  );
  const sheet = popup.getByRole('region', { name: 'Approval by another person' });
  await expect(sheet).toContainText('0 of 1 approvals');
  await expect(sheet.getByLabel('What they would approve')).toContainText('35');
  // Named as Alice's vault names them (display only; the addresses are what is signed).
  await expect(sheet).toContainText('Approvers: Bob Mensah (0x95f3…466E)');
  await expect(sheet.getByLabel('What they would approve')).toContainText('Alice Okoro (0xA2f4…6923)');
  await expect(sheet.locator('code.ha-digest')).toHaveText(/^0x[0-9a-f]{64}$/);
  expect(await seriousAxeViolations(popup)).toEqual([]);
  await saveScreenshot(popup, 'popup-approval-exchange');
  const link = (await sheet.getByRole('link', { name: 'approval link' }).getAttribute('href')) ?? '';
  expect(link).toMatch(/\/popup\.html#approve=/);
  const saved = popup.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Save the approval request' }).click();
  expect((await saved).suggestedFilename()).toMatch(/^approval-request-.*\.json$/);

  const cosignature = await bobApproves(link);
  await popup.bringToFront();
  await sheet.getByLabel('Their co-signature file').setInputFiles(cosignature);
  const done = popup.getByRole('article').last();
  await expect(done.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await expect(done).toContainText('35 USDC');
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible();
  // The side panel is told (display only) and shows the same outcome.
  await expect(panel.getByRole('article').last().getByRole('heading', { name: 'Done' })).toBeVisible({
    timeout: 10_000,
  });
  await popup.close();
});
