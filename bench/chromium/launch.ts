import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';

/** A reply on the extension's channel (src/protocol/messages/index.ts: `{ ok, data } | { ok: false, error }`). */
export type Wire =
  { ok: true; data: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };
/** A reply and the milliseconds the sending page waited for it (measured in the page, not across Playwright). */
export type Timed = { ms: number; reply: Wire };

export type BenchBrowser = {
  context: BrowserContext;
  extensionId: string;
  /** An extension page that sends nothing by itself (the manifest as text): every message to the worker is ours. */
  client: Page;
  /** Sends one message from `client` and times it there, from `sendMessage` to the reply. */
  send(message: unknown): Promise<Timed>;
  /** Like `send`, but the reply must be `ok`: its data. */
  data(message: unknown): Promise<Record<string, unknown>>;
  /** Stops the background worker (CDP `ServiceWorker.stopAllWorkers`) and waits until Chromium reports it stopped. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
};

const isBackground = (worker: Worker) =>
  worker.url().startsWith('chrome-extension://') && worker.url().endsWith('/background.js');

/** TOOLCHAIN.md's flags: the extension loads only with --disable-extensions-except, and only in a persistent context. */
function flags(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
}

async function stopperOn(cdp: CDPSession, scriptUrl: string): Promise<() => Promise<void>> {
  let waiting: (() => void) | undefined;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.some((v) => v.scriptURL === scriptUrl && v.runningStatus === 'stopped')) waiting?.();
  });
  await cdp.send('ServiceWorker.enable');
  return async () => {
    const stopped = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('The service worker did not report "stopped" within 15 s.')),
        15_000,
      );
      waiting = () => {
        clearTimeout(timer);
        waiting = undefined;
        resolve();
      };
    });
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
  };
}

/**
 * Debian's Chromium, headless, with the built extension at `extensionDir` in a fresh profile (as e2e/launch.ts,
 * but for any build directory). Playwright attaches to every worker that starts and resumes it at once; that
 * round trip is inside every cold-start sample, the baseline's included.
 */
export async function launchBenchBrowser(
  extensionDir: string,
  executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
): Promise<BenchBrowser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `No Chromium at ${executablePath}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH; never a downloaded browser.`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'home-agent-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: flags(extensionDir),
  });
  try {
    const first =
      context.serviceWorkers().find(isBackground) ??
      (await context.waitForEvent('serviceworker', { predicate: isBackground, timeout: 30_000 }));
    const extensionId = new URL(first.url()).host;
    const client = await context.newPage();
    await client.goto(`chrome-extension://${extensionId}/manifest.json`);
    const stop = await stopperOn(
      await context.newCDPSession(client),
      `chrome-extension://${extensionId}/background.js`,
    );
    const send = (message: unknown): Promise<Timed> =>
      client.evaluate(async (m) => {
        const started = performance.now();
        const reply = (await chrome.runtime.sendMessage(m)) as Wire;
        return { ms: performance.now() - started, reply };
      }, message);
    return {
      context,
      extensionId,
      client,
      send,
      async data(message) {
        const { reply } = await send(message);
        if (!reply.ok)
          throw new Error(`${(message as { type?: string }).type}: ${reply.error.code}: ${reply.error.message}`);
        return reply.data;
      },
      stopWorker: stop,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
