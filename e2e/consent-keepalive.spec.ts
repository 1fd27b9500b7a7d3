import type { Page } from '@playwright/test';
import { expect, test, type ExtensionHandle } from './fixtures';
import { stopServiceWorker } from './launch';
import { demoExtension, seriousAxeViolations } from './faces-support';
import { consentWindow, startGatewayProcess, type GatewayProcess } from './heartcoach-support';
import { CONSENT_PING_MS } from '../src/messaging/consent-keepalive-messages';
import { SCREENSHOTS_DIR } from './paths';

/**
 * A person reading a consent window slowly must not lose it. The request waits in the MV3 worker's
 * memory, which Chrome may stop after ~30 s without events; the consent window keeps it awake with a Port it pings
 * on (src/messaging/consent-keepalive*.ts). Seen here in Debian's Chromium with the built extension and the real
 * HeartCoach gateway on loopback: the window pings and the background counts it (the router's spy), a page's content
 * script cannot hold a request open, and when the worker is stopped anyway (the DevTools protocol, as Chrome does on
 * idle) the window and the page both say what happened in words — and connecting again works.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

type Wire = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
let gw: GatewayProcess;
let extension: ExtensionHandle;
let home: Page;

/** How many keepalive pings this worker instance accepted (the router's spy, `router.stats`), asked from `from`. */
async function pingsSeenFrom(from: Page): Promise<number> {
  const reply = await from.evaluate(() => chrome.runtime.sendMessage({ type: 'router.stats' }) as Promise<Wire>);
  if (!reply.ok) throw new Error(reply.error.message);
  return (reply.data as { handled: Record<string, number> }).handled['consent.ping'] ?? 0;
}
const pings = () => pingsSeenFrom(home);

/** Opens a keepalive Port from the page's own tab, in the content scripts' world, and returns what it was told. */
async function holdFromContentScript(page: Page, consentId: string): Promise<unknown> {
  const worker = await extension.serviceWorker();
  const tabId = await worker.evaluate(
    async (url) => (await chrome.tabs.query({})).find((t) => t.url?.startsWith(url))?.id ?? -1,
    page.url(),
  );
  return worker.evaluate(
    async ({ tabId, consentId }) => {
      const [result] = await chrome.scripting.executeScript({
        target: { tabId },
        args: [consentId],
        func: (id: string) =>
          new Promise((resolve) => {
            const port = chrome.runtime.connect({ name: `home-agent/consent-keepalive/${id}` });
            port.onMessage.addListener((m) => resolve(m));
            port.onDisconnect.addListener(() => resolve('disconnected without a word'));
            port.postMessage({ type: 'consent.ping', seq: 1 });
          }),
      });
      return result?.result;
    },
    { tabId, consentId },
  );
}

test.beforeAll(async () => {
  [gw, extension] = await Promise.all([startGatewayProcess(), demoExtension()]);
  home = await extension.context.newPage();
  await home.goto(extension.url('options.html'));
});
test.afterAll(async () => {
  await extension?.close();
  await gw?.close();
});

test('the open consent window pings the background every 20 s; a page’s content script may not hold the request', async () => {
  const page = await extension.context.newPage();
  await page.goto(gw.url);
  const before = await pings();
  // The pages' clocks run as real time until the test moves them on (below, past a ping interval at once).
  await extension.context.clock.install();
  const consent = await consentWindow(extension.context, () =>
    page.getByRole('button', { name: 'Connect with Home Agent' }).first().click(),
  );
  await expect.poll(pings, { timeout: 5_000 }).toBe(before + 1);
  // The next one on the window's interval (CONSENT_PING_MS), well inside Chrome's 30 s idle limit.
  await expect.poll(pings, { timeout: 25_000, intervals: [1_000] }).toBe(before + 2);

  const consentId = new URL(consent.url()).searchParams.get('id') ?? '';
  expect(await holdFromContentScript(page, consentId)).toEqual({
    type: 'consent.refused',
    error: {
      code: 'SENDER_NOT_ALLOWED',
      message: 'Only Home Agent’s own consent window may keep a request waiting for you.',
    },
  });
  const counted = await pings();

  // Declined: the window hears it ended, the page is told in words, and the pinging stops with it.
  await consent.getByRole('button', { name: 'Decline' }).click();
  await expect(page.locator('#status')).toHaveText(
    'The person declined: you declined in Home Agent. Nothing was signed.',
  );
  await expect(consent.getByRole('status')).toHaveText('Declined: you declined in Home Agent. Nothing was signed.');
  // The window is still open, and a ping interval later nothing more has come: its clock moved past the interval
  // runs every timer due, and a stats request from the window itself, sent after, reaches the background behind any
  // ping it would have sent.
  await consent.clock.fastForward(CONSENT_PING_MS + 1_000);
  expect(await pingsSeenFrom(consent)).toBe(counted);
  await consent.close();
  await page.close();
});

test('the worker stopped while the consent window is open: the window and the page say so in words, and connecting again works', async () => {
  const page = await extension.context.newPage();
  await page.goto(gw.url);
  const consent = await consentWindow(extension.context, () =>
    page.getByRole('button', { name: 'Connect with Home Agent' }).first().click(),
  );
  await expect.poll(pings, { timeout: 5_000 }).toBeGreaterThan(0);

  await stopServiceWorker(extension);

  await expect(consent.locator('#consent-lost')).toHaveText(
    'Home Agent restarted before you answered; nothing was signed. Ask HeartCoach to connect again.',
  );
  await expect(consent.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await expect(page.locator('#status')).toHaveText('Home Agent restarted before it answered. Ask again.');
  expect(await seriousAxeViolations(consent)).toEqual([]);
  await consent.screenshot({ path: `${SCREENSHOTS_DIR}/heartcoach-consent-worker-restarted.png` });
  // Close closes the window: the click's own bookkeeping may then find its page gone, which is the point.
  const closed = consent.waitForEvent('close');
  await consent
    .getByRole('button', { name: 'Close' })
    .click()
    .catch(() => undefined);
  await closed;

  // The new worker holds no trace of the lost request: HeartCoach asks again, and this time the person signs.
  const again = await consentWindow(extension.context, () =>
    page.getByRole('button', { name: 'Connect with Home Agent' }).first().click(),
  );
  await again.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.locator('#signed-in-as')).toHaveText('Signed in as Alice Okoro', { timeout: 30_000 });
  await page.close();
});
