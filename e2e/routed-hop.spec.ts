import { expect, test } from './fixtures';
import { askInPanel, demoExtension } from './faces-support';

/**
 * A routed hop in the extension (seed 001 steps 0.3 and 8.1): "invite david to Missio Nexus" asked of Alice's own
 * agent goes to the Missio Nexus agent, which asks for its own mandate; she signs it in the popup as its steward, and
 * her run is done with a receipt that says the step was routed there.
 */
test('an organization’s step goes to its agent, and its steward signs in the popup', async () => {
  test.setTimeout(120_000);
  const extension = await demoExtension();
  try {
    const panel = await extension.context.newPage();
    await panel.goto(extension.url('sidepanel.html'));
    const card = await askInPanel(panel, 'invite david to Missio Nexus');
    await expect(card.getByRole('heading', { name: 'Your signature is needed' })).toBeVisible();
    await expect(card).toContainText('Missio Nexus’s agent judged this step');

    const opened = extension.context.waitForEvent('page');
    await card.getByRole('button', { name: 'Review and sign' }).click();
    const popup = await opened;
    await popup.waitForLoadState();
    await popup.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
    await popup.getByRole('button', { name: /^Open receipt/ }).click();
    await expect(popup.locator('body')).toContainText('routed to Missio Nexus’s agent');
  } finally {
    await extension.close();
  }
});
