import { expect, type BrowserContext, type Page } from '@playwright/test';
import { scriptedCoach } from '../gateway/testing/coach-script';
import { gatewayProcess } from '../proof/faults/gateway-process';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../src/testing/scripted-messages-server';

/**
 * HeartCoach for the end-to-end specs: the real gateway as `npm run gateway` starts it (its own process on loopback,
 * PGlite in a fresh directory, its own embedded chain, the system clock), with the real Anthropic SDK pointed by
 * ANTHROPIC_BASE_URL at the scripted Messages server this test process runs (the hosted model cannot run here).
 * `stop()` and `start()` take it down and bring it back on the same port and data.
 */
export type GatewayProcess = {
  url: string;
  model: ScriptedMessagesServer;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startGatewayProcess(): Promise<GatewayProcess> {
  const model = await startScriptedMessagesServer({ script: scriptedCoach });
  // The same process the fault suite and the gateway bench start (proof/faults/gateway-process.ts), on the system clock.
  const gateway = await gatewayProcess({ modelUrl: model.url, page: true });
  await gateway.start();
  return {
    url: gateway.url,
    model,
    start: async () => void (await gateway.start()),
    stop: () => gateway.stop(),
    async close() {
      await gateway.close();
      await model.close();
    },
  };
}

/** Clicks `trigger` on `page` and returns the consent window it opens (Home Agent's own, resolved by its id). */
export async function consentWindow(context: BrowserContext, trigger: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page', { predicate: (p) => p.url().includes('/consent.html'), timeout: 20_000 });
  await trigger();
  const consent = await opened;
  await consent.waitForLoadState();
  await expect(consent.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
  return consent;
}

/** Signs in to the HeartCoach page with Home Agent (one consent window: the sign-in). */
export async function signInToHeartCoach(context: BrowserContext, page: Page, url: string): Promise<void> {
  await page.goto(url);
  const consent = await consentWindow(context, () =>
    page.getByRole('button', { name: 'Connect with Home Agent' }).first().click(),
  );
  await expect(consent.getByRole('heading', { name: 'Sign in to HeartCoach' })).toBeVisible();
  await consent.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.locator('#signed-in-as')).toBeVisible({ timeout: 30_000 });
}

/**
 * A fresh ask and caller assertion from HeartCoach for the person signed in on `coach` (what its My agent door
 * hands the page): HeartCoach answers with a Task, whose answer artifact carries them as its data part.
 */
export function heartcoachAskMe(coach: Page, words: string): Promise<{ request: unknown; credential: unknown }> {
  return coach.evaluate(async (message) => {
    const session = JSON.parse(sessionStorage.getItem('heartcoach.session') ?? 'null') as { accessToken: string };
    const res = await fetch('/a2a', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'e2e',
        method: 'message/send',
        params: {
          message: {
            role: 'user',
            parts: [{ kind: 'text', text: message }],
            metadata: { skill: 'heartcoach.ask.me', message },
          },
        },
      }),
    });
    const body = (await res.json()) as {
      result: { artifacts: { parts: { data?: { request: unknown; credential: unknown } }[] }[] };
    };
    const { request, credential } = body.result.artifacts
      .flatMap((a) => a.parts)
      .find((p) => p.data !== undefined)!.data!;
    return { request, credential };
  }, words);
}
