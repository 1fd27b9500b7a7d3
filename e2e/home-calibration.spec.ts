import { FITTED_CALIBRATION_MAP } from '../src/agent/testing/fitted-calibration-map';
import { demoExtension } from './faces-support';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

type Wire = { ok: boolean; data?: { calibration: { digest: string } | null }; error?: unknown };
const file = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

/**
 * The settings page's calibration map picker: a map `npm run calibrate` wrote is saved and shown by its digest; a
 * file that is not JSON, or a map edited after fitting, is refused in words and nothing is written; Remove clears it.
 */
test('the calibration map picker imports a fitted map, refuses a broken or edited one, and removes it', async () => {
  const extension = await demoExtension();
  try {
    const options = await extension.context.newPage();
    await options.goto(extension.url('options.html'));
    const send = (message: unknown) => options.evaluate((m) => chrome.runtime.sendMessage(m) as Promise<Wire>, message);
    const kept = async () => (await send({ type: 'home.settings.get' })).data?.calibration ?? null;
    const sets = async () => {
      const stats = (await send({ type: 'router.stats' })).data as unknown as { handled: Record<string, number> };
      return stats.handled['home.settings.set'] ?? 0;
    };
    const settings = options.getByRole('region', { name: 'Settings' });
    const picker = settings.getByRole('group', { name: 'Calibration map for the skill judge' });
    await expect(picker).toContainText('None: the judge is not calibrated.');
    expect(await kept()).toBeNull();

    const before = await sets();
    await picker
      .getByLabel('Import a map file')
      .setInputFiles(file('map.json', JSON.stringify(FITTED_CALIBRATION_MAP)));
    const digest = FITTED_CALIBRATION_MAP.digest;
    await expect(picker).toContainText(`Map ${digest.slice(0, 10)}… (α 0.1, fitted on 40 runs); used when a model key`);
    expect(await sets()).toBe(before + 1);
    expect((await kept())?.digest).toBe(digest);

    // Not JSON: refused on the page, before anything is sent.
    await picker.getByLabel('Import a map file').setInputFiles(file('broken.json', '{ not json'));
    await expect(picker.getByRole('alert')).toHaveText('That file is not a calibration map (not JSON).');
    expect(await sets()).toBe(before + 1);

    // Edited after fitting: the background checks the digest and refuses it; the kept map stays.
    const edited = { ...FITTED_CALIBRATION_MAP, qHat: 0.9 };
    await picker.getByLabel('Import a map file').setInputFiles(file('edited.json', JSON.stringify(edited)));
    await expect(picker.getByRole('alert')).toContainText('does not match its digest');
    expect((await kept())?.digest).toBe(digest);
    await expect(picker).toContainText(`Map ${digest.slice(0, 10)}…`);

    await picker.getByRole('button', { name: 'Remove the map' }).click();
    await expect(picker).toContainText('None: the judge is not calibrated.');
    await expect(picker.getByRole('button', { name: 'Remove the map' })).toHaveCount(0);
    expect(await kept()).toBeNull();
  } finally {
    await extension.close();
  }
});
