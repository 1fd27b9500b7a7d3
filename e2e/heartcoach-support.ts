import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { scriptedCoach } from '../gateway/testing/coach-script';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../src/testing/scripted-messages-server';
import { ROOT } from './paths';

/**
 * HeartCoach for the end-to-end specs: the real gateway as `npm run gateway` starts it (its own process on loopback,
 * PGlite in a fresh directory, its own embedded chain, the system clock), with the real Anthropic SDK pointed by
 * ANTHROPIC_BASE_URL at the scripted Messages server this test process runs (the hosted model cannot run here).
 * `stop()` and `start()` take it down and bring it back on the same port and data.
 */
export type GatewayProcess = { url: string; model: ScriptedMessagesServer; stop(): Promise<void>; start(): Promise<void>; close(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startGatewayProcess(): Promise<GatewayProcess> {
  const model = await startScriptedMessagesServer({ script: scriptedCoach });
  const dir = mkdtempSync(join(tmpdir(), 'heartcoach-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DESK_DATA_DIR: join(dir, 'desk'),
    SESSION_KEY_FILE: join(dir, 'session-key.json'),
    GATEWAY_CHAIN_FILE: join(dir, 'chain.bin'),
    ARCHETYPE_REGISTRY_DIR: join(dir, 'registry'),
    ARCHETYPE_REGISTRY_PUBLISH: '1',
    ANTHROPIC_API_KEY: 'scripted-e2e-key',
    ANTHROPIC_BASE_URL: model.url,
    COACH_MODEL: 'claude-scripted',
  };
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      let log = '';
      const timer = setTimeout(() => reject(new Error(`the gateway did not start within 90 s:\n${log}`)), 90_000);
      const read = (chunk: Buffer) => {
        log += String(chunk);
        if (log.includes('HeartCoach gateway on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout.on('data', read);
      proc.stderr.on('data', read);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the gateway exited (${code}) before it was ready:\n${log}`));
      });
    });
  const stop = async () => {
    const proc = child;
    child = null;
    if (proc === null || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };
  await start();
  return {
    url, model, start, stop,
    async close() {
      await stop();
      await model.close();
      rmSync(dir, { recursive: true, force: true });
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
  const consent = await consentWindow(context, () => page.getByRole('button', { name: 'Connect with Home Agent' }).first().click());
  await expect(consent.getByRole('heading', { name: 'Sign in to HeartCoach' })).toBeVisible();
  await consent.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.locator('#signed-in-as')).toBeVisible({ timeout: 30_000 });
}
