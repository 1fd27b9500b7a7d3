import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { demoExtension, seriousAxeViolations } from './faces-support';
import {
  consentWindow,
  heartcoachAskMe,
  signInToHeartCoach,
  startGatewayProcess,
  type GatewayProcess,
} from './heartcoach-support';

/**
 * HeartCoach, ask as me: a wire granted from the HeartCoach page (its origin, its agent, ask — never act — and
 * the expiry, in Home Agent's own consent window), an ask only Alice's standing can answer attributed to her agent, an
 * act parked for her own popup, a replayed assertion and the same wire from another origin refused, and after the
 * person revokes it in the options the next ask-as-me refused in words. The built extension in Debian's Chromium;
 * the real gateway in its own process on loopback.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Wire = { ok: true; data: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };
let gw: GatewayProcess;
let extension: ExtensionHandle;
let home: Page;
let coach: Page;

async function send(message: unknown): Promise<Record<string, unknown>> {
  const reply = await home.evaluate((m) => chrome.runtime.sendMessage(m) as Promise<Wire>, message);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.data;
}

/** Asks on the HeartCoach page through the "My agent" door and returns the sheet. */
async function askMyAgent(words: string) {
  await coach.getByRole('button', { name: 'Ask', exact: true }).click();
  const sheet = coach.getByRole('dialog', { name: 'Ask' });
  await expect(sheet.getByLabel('My agent')).toBeChecked();
  await sheet.getByLabel('Your question').fill(words);
  await sheet.getByRole('button', { name: 'Ask', exact: true }).click();
  return sheet;
}

/** A fresh ask and caller assertion from HeartCoach for the signed-in person (what the My agent door sends). */
const forwarded = (words: string) => heartcoachAskMe(coach, words);

/** home_ask on `page` with this ask and credential: the reply's kind, or the refusal's code and words. */
const homeAsk = (page: Page, params: unknown) =>
  page.evaluate(async (p) => {
    try {
      const reply = await (
        window as unknown as { homeAgent: { request(a: unknown): Promise<{ reply: { kind: string } }> } }
      ).homeAgent.request({ method: 'home_ask', params: p });
      return { kind: reply.reply.kind };
    } catch (error) {
      return { code: (error as { data: { code: string } }).data.code, message: (error as Error).message };
    }
  }, params);

test.beforeAll(async () => {
  // The gateway deploys its own chain and the extension its demo Home: on a loaded 2-core machine, well over 30 s.
  test.setTimeout(120_000);
  [gw, extension] = await Promise.all([startGatewayProcess(), demoExtension()]);
  home = await extension.context.newPage();
  await home.goto(extension.url('options.html'));
  coach = await extension.context.newPage();
  await signInToHeartCoach(extension.context, coach, gw.url);
});
test.afterAll(async () => {
  await extension?.close();
  await gw?.close();
});

test('a wire granted from the HeartCoach page: its origin, its agent, ask — never act — and the expiry; registered with the gateway', async ({
  saveScreenshot,
}) => {
  await expect(coach.locator('#wire-status')).toHaveText('HeartCoach has no wire to your agent.');
  const consent = await consentWindow(extension.context, () =>
    coach.getByRole('button', { name: 'Let HeartCoach ask my agent' }).click(),
  );
  await expect(consent.getByRole('heading', { name: 'Let HeartCoach ask your agent' })).toBeVisible();
  await expect(consent.locator('body')).toContainText(`Asked by the page at ${gw.url}`);
  await expect(consent.locator('body')).toContainText('It may ask your agent as you');
  await expect(consent.locator('body')).toContainText('It may never act');
  await expect(consent.locator('body')).toContainText(/Until \d{4}-\d{2}-\d{2}\./);
  expect(await seriousAxeViolations(consent)).toEqual([]);
  // What it may be answered from, signed inside the wire: nothing but its folders unless ticked; she ticks
  // contacts and organizations, and leaves memory, receipts and the balance out.
  const read = consent.getByRole('group', { name: 'What your agent may answer it from' });
  await expect(read).toContainText('Anything not ticked is refused to it in words');
  await read.getByRole('checkbox', { name: /^Contacts/ }).check();
  await read.getByRole('checkbox', { name: /^Organizations/ }).check();
  await saveScreenshot(consent, 'heartcoach-consent-wire');
  await consent.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(coach.locator('#wire-status')).toHaveText(/^HeartCoach may ask your agent until \d{4}-\d{2}-\d{2}\.$/, {
    timeout: 30_000,
  });
  const grants = (await send({ type: 'home.grants.list' })).grants as {
    kind: string;
    origin: string;
    standing: string;
  }[];
  expect(grants).toEqual([expect.objectContaining({ kind: 'ask-as-me', origin: gw.url, standing: 'active' })]);
});

test('ask as me: how many contacts Alice has — answered under her standing, attributed to her agent, never to HeartCoach', async ({
  saveScreenshot,
}) => {
  const sheet = await askMyAgent('How many contacts do I have?');
  const answer = sheet.getByRole('article', { name: 'Your agent’s answer' });
  await expect(answer).toContainText('Your agent answered — not HeartCoach', { timeout: 30_000 });
  await expect(answer.locator('.say')).toHaveText(/^You have 4 contacts/);
  await expect(sheet.getByRole('article', { name: 'HeartCoach’s answer' })).toHaveCount(0);
  await saveScreenshot(coach, 'heartcoach-ask-as-me');
  await sheet.getByRole('button', { name: 'Close' }).click();
});

test('ask as me beyond the wire: memory and the balance, never ticked, are refused in words', async () => {
  for (const [ask, what] of [
    ['List my memory records.', 'your memory'],
    ["What's my balance?", 'your balance'],
  ] as const) {
    const sheet = await askMyAgent(ask);
    await expect(sheet).toContainText(`may not read ${what}`, { timeout: 30_000 });
    await expect(sheet).not.toContainText('canary');
    await sheet.getByRole('button', { name: 'Close' }).click();
  }
});

test('an act asked as me parks for the person: it waits for her own signature in Home Agent', async () => {
  const sheet = await askMyAgent('Add dave to my contacts.');
  const answer = sheet.getByRole('article', { name: 'Your agent’s answer' });
  await expect(answer).toHaveAttribute('data-kind', 'authority_required', { timeout: 30_000 });
  await expect(answer).toContainText('It is waiting for you to sign in your own Home Agent popup.');
  const runs = (await send({ type: 'agent.pending' })).runs as { words: string; waitingFor: string }[];
  // Listed as the app's request, with its origin — never as the person's own words.
  expect(runs).toContainEqual(
    expect.objectContaining({
      words: 'Add dave to my contacts.',
      waitingFor: 'authority',
      from: expect.objectContaining({ origin: gw.url }),
    }),
  );
  await sheet.getByRole('button', { name: 'Close' }).click();
});

test('a replayed assertion is refused, and the same wire presented from another origin is refused', async ({
  pages,
}) => {
  const once = await forwarded('How many contacts do I have?');
  expect(await homeAsk(coach, once)).toEqual({ kind: 'answer' });
  expect(await homeAsk(coach, once)).toEqual({
    code: 'ASSERTION_REPLAYED',
    message: 'That caller assertion was already used; an app must sign a fresh one for every ask.',
  });
  const elsewhere = await extension.context.newPage();
  await elsewhere.goto(pages.url('/article.html'));
  const other = await homeAsk(elsewhere, await forwarded('How many contacts do I have?'));
  expect(other).toEqual({
    code: 'WIRE_WRONG_ORIGIN',
    message: `That grant was given to ${gw.url}, not to ${pages.origin}.`,
  });
  await elsewhere.close();
});

test('revoked in the options page: the page hears wireRevoked, and the next ask as me is refused in words', async () => {
  const granted = (await send({ type: 'home.grants.list' })).grants as { hash: string; origin: string }[];
  const wire = granted.find((g) => g.origin === gw.url)!;
  await coach.evaluate(() => {
    const w = window as unknown as { heard: unknown[] };
    w.heard = [];
    window.homeAgent.on('wireRevoked', (payload) => w.heard.push(payload));
  });
  await home.reload();
  const grants = home
    .getByRole('region', { name: 'Grants' })
    .or(home.locator('section[aria-labelledby="grants-title"]'));
  await grants.getByRole('button', { name: `Revoke the grant to ${gw.url}` }).click();
  await grants.getByRole('button', { name: `Yes, revoke the grant to ${gw.url}` }).click();
  await expect(grants).toContainText('revoked', { timeout: 30_000 });
  await coach.waitForFunction(() => (window as unknown as { heard: unknown[] }).heard.length > 0);
  expect(await coach.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([
    { hash: wire.hash.toLowerCase() },
  ]);
  const sheet = await askMyAgent('How many contacts do I have?');
  // The person's agent read the revocation on chain (disabledDelegations), whatever the app's own chain says.
  await expect(sheet.getByRole('alert')).toHaveText(/^This ask-as-me wire was revoked by 0x[0-9a-fA-F]{40}\.$/, {
    timeout: 30_000,
  });
  await expect(sheet.getByRole('article', { name: 'Your agent’s answer' })).toHaveCount(0);
});

test('locking the Home tells the connected HeartCoach page (locked), and not a page that never connected', async ({
  pages,
}) => {
  const stranger = await extension.context.newPage();
  await stranger.goto(pages.url('/article.html'));
  const listen = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { locks: unknown[] };
      w.locks = [];
      window.homeAgent.on('locked', (payload) => w.locks.push(payload));
    });
  await Promise.all([listen(coach), listen(stranger)]);
  await send({ type: 'home.lock' });
  await coach.waitForFunction(() => (window as unknown as { locks: unknown[] }).locks.length > 0);
  expect(await coach.evaluate(() => (window as unknown as { locks: unknown[] }).locks)).toEqual([{}]);
  // The stranger page's content script got nothing: by the time the coach heard, every tab had been told or not.
  expect(await stranger.evaluate(() => (window as unknown as { locks: unknown[] }).locks)).toEqual([]);
  await stranger.close();
});
