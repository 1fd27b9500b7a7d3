import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension } from './faces-support';
import {
  armWorkerStop,
  balanceInPanel,
  chainFigures,
  chainSavedAt,
  phaseOf,
  traceRun,
  untilVaultShows,
  type ArmedStop,
  type VaultMoment,
} from './faults-support';

/**
 * The fault suite (proof/faults/suite.ts) in the real browser: Chromium's own MV3 service worker is stopped (CDP, as Chromium stops an idle
 * worker: its memory is gone, IndexedDB transactions in flight are aborted) at nine moments of a payment's life —
 * right after the person's Sign click and 50 ms after it; as soon as the vault shows the mandate stored, the step
 * checkpointed executing, the signed redemption recorded (and 60 ms later), the mined block persisted, the step's
 * receipt written (the vault polled from an extension page, so each stop lands at that phase or just past it); and
 * after the popup showed it done. Then the faces are reopened (the next message starts a new worker) and the person
 * does what the popup shows them. One demo profile, one "Send 5 USDC to bob" per stop. Each stop's phase is read from
 * the vault right after it (the run's checkpoint, its mandate, the recorded redemption, its receipt, the persisted
 * chain) and printed: the stop says where it was aimed, the phase where it landed. Held to, per payment: done once,
 * with exactly one payment receipt; Alice −5 USDC as her agent says it and on the chain; Bob +5; the harness agent's
 * nonce +1; one mandate, used once (vault and chain); the popup never silent.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** When to stop: a delay after the Sign click, the first moment the vault shows a phase of the payment, or after Done. */
type Stop = number | VaultMoment | `${VaultMoment} + ${number} ms` | 'done';
const STOPS: readonly Stop[] = [
  0,
  50,
  'mandate stored',
  'step executing',
  'redemption recorded',
  'redemption recorded + 60 ms',
  'transaction persisted',
  'receipt written',
  'done',
];
const UNIT = 1_000_000n;

let extension: ExtensionHandle;
let panel: Page;
let armed: ArmedStop;
let start: { agentSays: number; alice: bigint; bob: bigint; nonce: number };
let paid = 0;
const covered: string[] = [];

test.beforeAll(async () => {
  extension = await demoExtension();
  panel = await extension.context.newPage();
  await panel.goto(extension.url('sidepanel.html'));
  armed = await armWorkerStop(extension, panel);
  // A control payment, undisturbed: its Sign-to-Done time says where the stops below are aimed, and it deploys
  // Alice's Smart Agent (the first redemption of a counterfactual account does), so each later payment is one
  // transaction of the harness agent.
  const { popup } = await askAndSign();
  const signed = Date.now();
  await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  covered.push(`control, no stop: Sign to Done in ${Date.now() - signed} ms`);
  await popup.close();
  const chain = await chainFigures(panel);
  start = { agentSays: await balanceInPanel(panel), alice: chain.alice, bob: chain.bob, nonce: chain.harnessNonce };
  expect(Number(chain.alice / UNIT)).toBe(start.agentSays);
});
test.afterAll(async () => {
  console.log(`faults-worker-stop: phases covered —\n  ${covered.join('\n  ')}`);
  await armed.detach();
  await extension.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The person asks, opens the popup from the side panel's card, and presses Sign; returns the run and its popup. */
async function askAndSign(): Promise<{ runRef: string; popup: Page }> {
  const card = await askInPanel(panel, 'Send 5 USDC to bob');
  await expect(card.getByRole('heading', { name: 'Your signature is needed' })).toBeVisible();
  const runRef = (await card.locator('.ha-meta code').last().textContent()) ?? '';
  const opened = extension.context.waitForEvent('page');
  await card.getByRole('button', { name: 'Review and sign' }).click();
  const popup = await opened;
  await expect(popup.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await popup.getByRole('button', { name: 'Sign', exact: true }).click();
  return { runRef, popup };
}

/**
 * After the restart, the person opens the popup on the request (by its id) and does what it shows: signs a request
 * still waiting for them; for a payment stopped part-way, finds no Drop (it may have happened) and sends it again; a request no longer waiting was finished before the stop. Returns what they did.
 */
async function carryOn(runRef: string): Promise<string> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.url(`popup.html?request=${encodeURIComponent(runRef)}`));
  const sign = popup.getByRole('button', { name: 'Sign', exact: true });
  const again = popup.getByRole('button', { name: 'Send it again', exact: true });
  const gone = popup.getByText('That request is no longer waiting');
  await expect(sign.or(again).or(gone)).toBeVisible({ timeout: 20_000 });
  let did = 'nothing: it was finished before the stop';
  if (await sign.isVisible()) {
    await expect(sign).toBeEnabled();
    await sign.click();
    did = 'signed it again in the popup';
  } else if (await again.isVisible()) {
    await expect(
      popup.locator('p', {
        hasText: /^Home Agent stopped (while it was carrying this out|just before it finished this)/,
      }),
    ).toBeVisible();
    // It may already have happened: no Drop is offered (the agent refuses one too: ACT_UNDER_WAY, Node tests), and
    // the queue says what the person can do.
    await expect(popup.getByRole('button', { name: 'Drop it', exact: true })).toHaveCount(0);
    await expect(popup.getByRole('list', { name: 'Pending requests' })).toContainText(
      'stopped part-way: send it again to finish',
    );
    await again.click();
    did = 'sent it again (no Drop offered: it may have happened)';
  }
  if (!did.startsWith('nothing'))
    await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 });
  await popup.close();
  return did;
}

const named = (stop: Stop) =>
  stop === 'done'
    ? 'after the popup showed the payment done'
    : typeof stop === 'number'
      ? `${stop} ms after Sign`
      : stop.includes(' + ')
        ? `${stop.split(' + ')[1]} after the vault showed “${stop.split(' + ')[0]}”`
        : `as soon as the vault showed “${stop}”`;

/** Waits for the moment a stop is aimed at, from the Sign click. */
async function until(stop: Stop, popup: Page, runRef: string, savedAt: number): Promise<void> {
  if (stop === 'done')
    return void (await expect(popup.getByRole('heading', { name: 'Done' })).toBeVisible({ timeout: 30_000 }));
  if (typeof stop === 'number') return void (await sleep(stop));
  const [moment, plus] = stop.split(' + ') as [VaultMoment, string | undefined];
  await untilVaultShows(panel, runRef, moment, savedAt);
  if (plus !== undefined) await sleep(Number.parseInt(plus, 10));
}

for (const stop of STOPS) {
  test(`the worker stopped ${named(stop)}: done once, 5 USDC moved once, one receipt`, async () => {
    const savedAt = await chainSavedAt(panel);
    const { runRef, popup } = await askAndSign();
    const clicked = Date.now();
    await until(stop, popup, runRef, savedAt);
    const aimed = Date.now() - clicked;
    await armed.stop();
    const trace = await traceRun(panel, runRef);
    const sent = (await chainFigures(panel)).harnessNonce > start.nonce + paid;
    // Never silent: the popup the person signed in says Done, or says in words that the background did not answer.
    const done = popup.getByRole('heading', { name: 'Done' });
    const alert = popup.getByRole('alert');
    await expect(done.or(alert).first()).toBeVisible({ timeout: 10_000 });
    const said = [
      (await done.isVisible()) ? 'Done' : '',
      (await alert.isVisible()) ? ((await alert.textContent()) ?? '') : '',
    ]
      .filter((w) => w !== '')
      .join(' / ');
    if (await alert.isVisible())
      await expect(alert).toHaveText("Home Agent's background did not answer; try again in a moment.");
    const landed = phaseOf(trace, sent, said.startsWith('Done'));
    await popup.close();

    const did = await carryOn(runRef);
    paid += 1;
    covered.push(`${named(stop)} (stopped ${aimed} ms after the click): ${landed}; the popup said “${said}” → ${did}`);

    // What the person sees: their agent's balance, and exactly one payment receipt for this run.
    expect(await balanceInPanel(panel)).toBe(start.agentSays - 5 * paid);
    const receipts = await askInPanel(panel, 'Show my receipts.');
    await expect(receipts.getByRole('row').filter({ hasText: runRef })).toHaveCount(1);
    await expect(receipts.getByRole('row').filter({ hasText: runRef })).toContainText('Send USDC'); // the step by its capability's label
    // What the vault and the chain hold: the run done, one mandate used once (also on chain), the money moved once.
    const after = await traceRun(panel, runRef);
    expect(after).toMatchObject({
      status: 'done',
      step: 'done',
      mandates: 1,
      mandateUses: 1,
      receipts: 1,
      redemptionRecorded: true,
    });
    const chain = await chainFigures(panel);
    expect(await chain.callsUsed(after.mandateHash as Hex)).toBe(1);
    expect({ alice: chain.alice, bob: chain.bob, nonce: chain.harnessNonce }).toEqual({
      alice: start.alice - 5n * UNIT * BigInt(paid),
      bob: start.bob + 5n * UNIT * BigInt(paid),
      nonce: start.nonce + paid,
    });
  });
}
