import { expect, launchExtension, test } from './fixtures';
import { loadDemo, onboardWithNewKey, PASSPHRASE, seriousAxeViolations } from './faces-support';

test.describe.configure({ timeout: 120_000 });

test('onboarding from an empty profile: a new key, its backup saved and confirmed, then the Home', async ({
  saveScreenshot,
}) => {
  const extension = await launchExtension();
  try {
    const options = await extension.context.newPage();
    await options.goto(extension.url('options.html'));
    await expect(options.getByLabel('Create a new key')).toBeChecked();
    expect(await seriousAxeViolations(options)).toEqual([]);
    await saveScreenshot(options, 'options-onboarding');

    await options.getByLabel('Your name').fill('Maya Tester');
    await options.getByLabel('Passphrase', { exact: true }).fill('short');
    await options.getByLabel('Passphrase again').fill('short');
    await options.getByRole('button', { name: 'Create my key' }).click();
    await expect(options.getByRole('alert')).toHaveText('Choose a passphrase of at least 10 characters.');

    await options.reload();
    await onboardWithNewKey(options);
    await expect(options.getByText('Unlocked. It locks itself after 15 minutes without use.')).toBeVisible();
    await expect(options.getByRole('table', { name: 'Your agents' })).toContainText('Maya Tester');
    await expect(options.getByRole('table', { name: 'Your agents' })).toContainText('person-agent');
    expect(await seriousAxeViolations(options)).toEqual([]);
    await saveScreenshot(options, 'options-home');

    // Reopening the Home finds it ready: the backup was confirmed, the key is sealed in the vault.
    await options.reload();
    await expect(options.getByRole('heading', { name: 'Your key', level: 2 })).toBeVisible();
    await options.getByRole('button', { name: 'Lock now' }).click();
    await expect(options.getByText(/^Locked\./)).toBeVisible();
    await options.getByLabel('Passphrase to unlock').fill('not my passphrase');
    await options.getByRole('button', { name: 'Unlock' }).click();
    await expect(options.getByRole('alert')).toContainText('That passphrase does not unlock this vault');
    await options.getByLabel('Passphrase to unlock').fill(PASSPHRASE);
    await options.getByRole('button', { name: 'Unlock' }).click();
    await expect(options.getByRole('button', { name: 'Lock now' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await extension.close();
  }
});

test("the demo profile loads the demo identities; the vault browser shows Alice's records", async ({
  saveScreenshot,
}) => {
  const extension = await launchExtension();
  try {
    const options = await extension.context.newPage();
    // `npm start` opens the Home this way: the demo profile offered first, loaded only when the person presses it.
    await options.goto(extension.url('options.html?start=demo'));
    await expect(options.getByLabel('Load the demo profile (Alice)')).toBeChecked();
    await expect(options.getByRole('table', { name: 'Your agents' })).toHaveCount(0);
    await loadDemo(options);
    const agents = options.getByRole('table', { name: 'Your agents' });
    await expect(agents).toContainText('Alice Okoro');
    await expect(agents).toContainText('Missio Nexus');
    await expect(agents).toContainText('organization-agent');
    // The two organizations named "thompson" are told apart by what the person keeps about each.
    await expect(agents).toContainText('Thompson Community Fund');
    await expect(agents).toContainText('Thompson Family Trust');
    // The first-run card says how to ask, and goes away when the person has read it.
    const firstRun = options.getByRole('region', { name: 'How to ask your agent' });
    await expect(firstRun).toContainText('side panel');
    await expect(firstRun).toContainText('Alt+Shift+K');
    await expect(firstRun).toContainText('Alt+Shift+J');
    await options
      .getByRole('list', { name: 'Alice Okoro: records by type' })
      .getByRole('button', { name: /^contact \(4\)$/ })
      .click();
    const contacts = options.getByRole('table', { name: 'Alice Okoro: contact' });
    await expect(contacts).toContainText('Bob Mensah');
    await expect(contacts).toContainText('David Adeyemi');
    expect(await seriousAxeViolations(options)).toEqual([]);
    await saveScreenshot(options, 'options-vault');
    await firstRun.getByRole('button', { name: 'Got it' }).click();
    await options.reload();
    await expect(options.getByRole('table', { name: 'Your agents' })).toBeVisible();
    await expect(options.getByRole('region', { name: 'How to ask your agent' })).toHaveCount(0);
  } finally {
    await extension.close();
  }
});

test('export the vault, then import it into a fresh profile: the same records, locked until the passphrase', async ({
  saveScreenshot,
}) => {
  const first = await launchExtension();
  let file: string;
  let before: string;
  try {
    const options = await first.context.newPage();
    await options.goto(first.url('options.html'));
    await loadDemo(options);
    await expect(options.getByRole('button', { name: 'contact (4)' })).toBeVisible();
    before = (
      await options
        .getByRole('region', { name: 'Vault' })
        .getByRole('list', { name: /records by type/ })
        .allInnerTexts()
    ).join('|');
    const exportForm = options.getByRole('region', { name: 'Export and import' });
    await exportForm.getByLabel('Passphrase', { exact: true }).fill('export passphrase 1');
    await exportForm.getByLabel('Passphrase again').fill('export passphrase 1');
    const download = options.waitForEvent('download');
    await exportForm.getByRole('button', { name: 'Export my vault' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^home-agent-vault-\d{4}-\d{2}-\d{2}\.json$/);
    file = `${test.info().outputDir}/vault.json`;
    await saved.saveAs(file);
  } finally {
    await first.close();
  }

  const fresh = await launchExtension();
  try {
    const options = await fresh.context.newPage();
    await options.goto(fresh.url('options.html'));
    const restore = options.getByRole('region', { name: 'Or restore a Home you exported' });
    await restore.getByLabel('Vault file').setInputFiles(file);
    await restore.getByLabel('The file’s passphrase').fill('wrong passphrase');
    await restore.getByRole('button', { name: 'Import this vault' }).click();
    await expect(restore.getByRole('alert')).toContainText('passphrase', { timeout: 30_000 });
    await restore.getByLabel('The file’s passphrase').fill('export passphrase 1');
    await restore.getByRole('button', { name: 'Import this vault' }).click();
    await expect(options.getByText(/^Locked\./)).toBeVisible({ timeout: 60_000 });
    await expect(options.getByRole('button', { name: 'contact (4)' })).toBeVisible();
    const after = (
      await options
        .getByRole('region', { name: 'Vault' })
        .getByRole('list', { name: /records by type/ })
        .allInnerTexts()
    ).join('|');
    expect(after).toBe(before);
    await options.getByLabel('Passphrase to unlock').fill(PASSPHRASE);
    await options.getByRole('button', { name: 'Unlock' }).click();
    await expect(options.getByRole('button', { name: 'Lock now' })).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(options, 'options-imported');
  } finally {
    await fresh.close();
  }
});
