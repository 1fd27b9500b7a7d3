import { expect, test } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';

/**
 * alsoApprove in the extension (seed 001 step 8.4): "Invite bob and carol to Thompson Community Fund" is two invites,
 * each needing its own mandate from the same organization. The popup shows both — each step's details and digest —
 * and one press signs both (one mandate per step); the run is done with two receipts, without a second popup.
 */
test('two invites from one account: the popup shows both steps and one Sign does both', async () => {
  test.setTimeout(120_000);
  const extension = await demoExtension();
  try {
    const panel = await extension.context.newPage();
    await panel.goto(extension.url('sidepanel.html'));
    const card = await askInPanel(panel, 'Invite bob and carol to Thompson Community Fund');
    await expect(card.getByRole('heading', { name: 'Your signature is needed' })).toBeVisible();
    await expect(card).toContainText('1 more step of this plan needs a mandate');

    const opened = extension.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Review and sign' }).click();
    const popup = await opened;
    await popup.waitForLoadState();
    await expect(popup.getByRole('heading', { name: /Signed with it: 1 more step of this plan/ })).toBeVisible();
    await expect(popup.getByLabel('Step s1.2: what you would allow')).toContainText('Carol');
    const digests = [
      await popup.getByTestId('binding-digest').textContent(),
      await popup.getByTestId('also-digest').textContent(),
    ];
    expect(new Set(digests).size).toBe(2);
    expect(await seriousAxeViolations(popup)).toEqual([]);
    await popup.getByRole('button', { name: 'Sign all 2' }).click();
    await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
    await expect(popup.getByRole('button', { name: /^Open receipt/ })).toHaveCount(2);
  } finally {
    await extension.close();
  }
});
