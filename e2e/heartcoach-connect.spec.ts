import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';
import { consentWindow, signInToHeartCoach, startGatewayProcess, type GatewayProcess } from './heartcoach-support';
import { SCREENSHOTS_DIR } from './paths';

/**
 * HeartCoach, the app's consultation: HeartCoach connected from its own page with three folders (one consent
 * window), "How is my week going? File the insight." from the side panel answered by HeartCoach and the insight filed,
 * doses withdrawn (a new grant) and gone from what the gateway received, "log 2400 steps" filed as a reading, and the
 * gateway stopped: the side panel says so and keeps the question. The built extension in Debian's Chromium; the real
 * gateway in its own process on loopback, its model the scripted Messages server.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Wire = { ok: true; data: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };
let gw: GatewayProcess;
let extension: ExtensionHandle;
let home: Page;
let panel: Page;

async function send(message: unknown): Promise<Record<string, unknown>> {
  const reply = await home.evaluate((m) => chrome.runtime.sendMessage(m) as Promise<Wire>, message);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.data;
}
/** What the gateway's model was shown last: the brief is built only from the data part the agent sent. */
const lastBrief = () => {
  const system = gw.model.requests.at(-1)?.body.system;
  return Array.isArray(system) ? (system.at(-1)?.text ?? '') : String(system ?? '');
};
const alice = async () => ((await send({ type: 'home.status' })).person as { address: string }).address;
const records = async (recordType: string) =>
  (
    (await send({ type: 'home.vault.records', recordType, owner: await alice() })).records as {
      fields: Record<string, unknown>;
    }[]
  ).map((r) => ({ data: r.fields }));

test.beforeAll(async () => {
  [gw, extension] = await Promise.all([startGatewayProcess(), demoExtension()]);
  home = await extension.context.newPage();
  await home.goto(extension.url('options.html'));
  panel = await extension.context.newPage();
  await panel.setViewportSize({ width: 480, height: 900 });
  await panel.goto(extension.url('sidepanel.html'));
});
test.afterAll(async () => {
  await extension?.close();
  await gw?.close();
});

test('connect HeartCoach from its page: one consent window — its agent, the card digest, the sign-in, a checkbox per folder', async ({
  saveScreenshot,
}) => {
  const page = await extension.context.newPage();
  await signInToHeartCoach(extension.context, page, gw.url);
  await expect(page.locator('#signed-in-as')).toHaveText('Signed in as Alice Okoro');
  await expect(page.getByRole('heading', { name: 'My care' })).toBeVisible();

  const consent = await consentWindow(extension.context, () =>
    page.getByRole('button', { name: 'Connect my agent' }).click(),
  );
  await expect(consent.getByRole('heading', { name: 'Connect HeartCoach' })).toBeVisible();
  await expect(consent.locator('body')).toContainText(`Asked by the page at ${gw.url}`);
  const card = (await (await fetch(`${gw.url}/.well-known/agent-card.json`)).json()) as {
    capabilities: { extensions: { uri: string; params?: { address?: string } }[] };
  };
  const agent = card.capabilities.extensions.find((e) => e.uri.endsWith('/agent-account/v1'))!.params!.address!;
  await expect(consent.locator('body')).toContainText(agent);
  await expect(consent.locator('code.ha-digest').nth(1)).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(consent.getByRole('checkbox')).toHaveCount(6);
  for (const folder of ['Symptoms', 'Preferences', 'Earlier insights'])
    await consent.getByRole('checkbox', { name: folder }).uncheck();
  expect(await seriousAxeViolations(consent)).toEqual([]);
  await saveScreenshot(consent, 'heartcoach-consent-connect');
  await consent.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.locator('#status')).toHaveText(
    'Your agent is connected: HeartCoach may read doses, profile, readings.',
    { timeout: 30_000 },
  );

  const grants = (await send({ type: 'home.grants.list' })).grants as {
    kind: string;
    origin: string;
    folders: string[];
    standing: string;
  }[];
  expect(grants.filter((g) => g.kind === 'cabinet-grant')).toEqual([
    expect.objectContaining({ origin: gw.url, folders: ['doses', 'profile', 'readings'], standing: 'active' }),
  ]);
  await page.close();
});

test('"How is my week going? File the insight." from the side panel: answered by HeartCoach, over exactly those folders, the insight filed', async ({
  saveScreenshot,
}) => {
  const card = await askInPanel(panel, 'How is my week going? File the insight.');
  await expect(card).toContainText('HeartCoach says: A steady week: your readings are in range.', { timeout: 30_000 });
  await expect(card).toContainText('Filed in your cabinet: HeartCoach’s insight.');
  expect(lastBrief()).toMatch(/Doses today: /);
  expect(lastBrief()).toMatch(/Not shared with HeartCoach: symptoms, prefs, guidance/);
  expect(
    (await records('cabinet.guidance')).some((r) => r.data.question === 'How is my week going? File the insight.'),
  ).toBe(true);
  await saveScreenshot(panel, 'heartcoach-sidepanel-answer');
});

test('doses withdrawn in the options page — a new grant, the old one revoked on chain — and the gateway receives no doses', async ({
  saveScreenshot,
}) => {
  await home.reload();
  const app = home.getByRole('article', { name: `HeartCoach at ${gw.url}` });
  await expect(app).toContainText('card digest');
  await expect(app.getByRole('checkbox', { name: 'Doses' })).toBeChecked();
  await expect(app.getByRole('checkbox', { name: 'Symptoms' })).not.toBeChecked();
  await app.getByRole('checkbox', { name: 'Doses' }).uncheck();
  await app.getByRole('button', { name: 'Save folders (a new grant)' }).click();
  const cabinetGrants = async () =>
    ((await send({ type: 'home.grants.list' })).grants as { kind: string; folders: string[]; standing: string }[])
      .filter((g) => g.kind === 'cabinet-grant')
      .map((g) => [g.folders.join(','), g.standing])
      .sort();
  await expect.poll(cabinetGrants, { timeout: 30_000 }).toEqual([
    ['doses,profile,readings', 'revoked'],
    ['profile,readings', 'active'],
  ]);
  expect(await seriousAxeViolations(home)).toEqual([]);
  await app.screenshot({ path: `${SCREENSHOTS_DIR}/heartcoach-options-apps.png` });
  void saveScreenshot;
  const card = await askInPanel(panel, 'How is my week going?');
  await expect(card).toContainText('HeartCoach says:', { timeout: 30_000 });
  expect(lastBrief()).not.toMatch(/Doses today: /);
  expect(lastBrief()).toMatch(/Not shared with HeartCoach: doses, symptoms, prefs, guidance/);
});

test('"log 2400 steps" is logged by HeartCoach and the reading filed in the vault with its receipt', async () => {
  const card = await askInPanel(panel, 'Log 2400 steps for today');
  await expect(card).toContainText('✓ logged 2400 steps', { timeout: 30_000 });
  await expect(card).toContainText('Filed in your cabinet: your steps reading (2400 steps)');
  const steps = (await records('cabinet.readings')).filter((r) => r.data.metric === 'steps' && r.data.value === 2400);
  expect(steps).toEqual([expect.objectContaining({ data: expect.objectContaining({ source: 'you', unit: 'steps' }) })]);
});

test('with the gateway stopped the side panel says so and keeps the question; closed and opened again, the panel lists it, and once the gateway is back “Send it again” is answered', async ({
  saveScreenshot,
}) => {
  await gw.stop();
  const card = await askInPanel(panel, 'How is my week going?');
  await expect(card).toContainText('HeartCoach did not answer', { timeout: 30_000 });
  await expect(card).toContainText('Your question is kept: ask again to send it.');
  await saveScreenshot(panel, 'heartcoach-sidepanel-gateway-down');
  const runRef = (await card.locator('.ha-meta code').last().textContent()) ?? '';

  // The side panel closed and opened again: its conversation is gone, the kept question is not.
  await panel.close();
  panel = await extension.context.newPage();
  await panel.setViewportSize({ width: 480, height: 900 });
  await panel.goto(extension.url('sidepanel.html'));
  const kept = panel.getByRole('region', { name: 'Questions kept for you' });
  await expect(kept.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(kept).toContainText('How is my week going?');
  await expect(kept).toContainText('HeartCoach did not answer');
  expect(
    ((await send({ type: 'agent.pending' })).runs as { runRef: string; waitingFor: string }[])
      .filter((r) => r.waitingFor === 'agent')
      .map((r) => r.runRef),
  ).toEqual([runRef]);
  expect(await seriousAxeViolations(panel)).toEqual([]);
  await saveScreenshot(panel, 'heartcoach-sidepanel-kept-question');

  // HeartCoach back: the same run is sent again from the list, answered, and no longer kept.
  await gw.start();
  await kept.getByRole('button', { name: 'Send it again' }).click();
  const answered = panel.getByRole('article').last();
  await expect(answered).toContainText('HeartCoach says: A steady week', { timeout: 30_000 });
  await expect(answered).toContainText(runRef);
  await expect(kept).toHaveCount(0);
});

test('a kept question dropped in the popup leaves the open side panel’s list without a reload', async () => {
  await gw.stop();
  const card = await askInPanel(panel, 'How are my steps this week?');
  await expect(card).toContainText('Your question is kept: ask again to send it.', { timeout: 30_000 });
  const kept = panel.getByRole('region', { name: 'Questions kept for you' });
  await expect(kept.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });

  // Dropped in the popup: the panel, still open, reads its list again when the background says what waits changed.
  const popup = await extension.context.newPage();
  await popup.goto(extension.url('popup.html'));
  await popup.getByRole('button', { name: 'Drop it' }).click();
  await expect(popup.getByText('No requests are waiting for you.')).toBeVisible({ timeout: 30_000 });
  await expect(kept).toHaveCount(0);
  await popup.close();
  await gw.start();
});

test('disconnected in the options page (the grant revoked on chain), then connected again from there through the consent window', async () => {
  await home.reload();
  const app = home.getByRole('article', { name: `HeartCoach at ${gw.url}` });
  await app.getByRole('button', { name: 'Disconnect HeartCoach' }).click();
  await app.getByRole('button', { name: 'Yes, disconnect HeartCoach' }).click();
  await expect(app).toHaveCount(0, { timeout: 30_000 });
  const standings = async () =>
    ((await send({ type: 'home.grants.list' })).grants as { kind: string; standing: string }[])
      .filter((g) => g.kind === 'cabinet-grant')
      .map((g) => g.standing);
  expect(await standings()).toEqual(['revoked', 'revoked']);
  const waiting = await askInPanel(panel, 'How is my week going?');
  await expect(waiting).toContainText('HeartCoach is not connected to your Home', { timeout: 30_000 });

  const consent = await consentWindow(extension.context, () =>
    home.getByRole('button', { name: `Connect HeartCoach at ${gw.url}` }).click(),
  );
  await expect(consent.getByRole('heading', { name: 'Connect HeartCoach' })).toBeVisible();
  for (const folder of ['Cardiac profile', 'Doses', 'Symptoms', 'Preferences', 'Earlier insights'])
    await consent.getByRole('checkbox', { name: folder }).uncheck();
  await consent.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(app.getByRole('checkbox', { name: 'Readings' })).toBeChecked({ timeout: 30_000 });
  await expect(app.getByRole('checkbox', { name: 'Doses' })).not.toBeChecked();
  const card = await askInPanel(panel, 'How is my week going?');
  await expect(card).toContainText('HeartCoach says:', { timeout: 30_000 });
  expect(lastBrief()).toMatch(/Not shared with HeartCoach: profile, doses, symptoms, prefs, guidance/);
});
