import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { CHROMIUM_PATH, EXTENSION_DIR } from './paths';

/**
 * TOOLCHAIN.md: without --disable-extensions-except the extension never starts, and only a persistent context
 * starts its service worker. The rest keep Chromium from calling Google on its own.
 */
export const CHROMIUM_FLAGS = [
  `--disable-extensions-except=${EXTENSION_DIR}`,
  `--load-extension=${EXTENSION_DIR}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type LaunchOptions = {
  /** Route every non-loopback request through this proxy (e2e/logging-proxy.ts). */
  proxyServer?: string;
  /** Send loopback through the proxy too (Chromium's `<-loopback>` bypass rule), so no request escapes the log. */
  proxyLoopback?: boolean;
};

export type ExtensionHandle = {
  context: BrowserContext;
  extensionId: string;
  /** `chrome-extension://<id>/<path>` */
  url(path: string): string;
  /** The background's current worker (waiting for it to start if it is stopped). */
  serviceWorker(): Promise<Worker>;
  close(): Promise<void>;
};

/** Launches Debian's Chromium, headless, with the built extension in a fresh profile. */
export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHandle> {
  const profile = mkdtempSync(join(tmpdir(), 'home-agent-e2e-'));
  const args = [...CHROMIUM_FLAGS];
  if (options.proxyServer !== undefined) args.push(`--proxy-server=${options.proxyServer}`);
  if (options.proxyServer !== undefined && options.proxyLoopback === true) args.push('--proxy-bypass-list=<-loopback>');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args,
  });
  const isBackground = (worker: Worker) =>
    worker.url().startsWith('chrome-extension://') && worker.url().endsWith('/background.js');
  const first =
    context.serviceWorkers().find(isBackground) ??
    (await context.waitForEvent('serviceworker', { predicate: isBackground }));
  // The extension id comes from the worker's URL (TOOLCHAIN.md); the manifest key pins it (src/protocol/extension-id.ts).
  const extensionId = new URL(first.url()).host;
  return {
    context,
    extensionId,
    url: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
    async serviceWorker() {
      return (
        context.serviceWorkers().find(isBackground) ??
        context.waitForEvent('serviceworker', { predicate: isBackground })
      );
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Stops the extension's MV3 service worker the way Chromium does when it idles: through the DevTools protocol,
 * `ServiceWorker.stopAllWorkers` on a CDP session attached to one of the extension's own pages (its storage
 * partition holds the worker), then waits for `ServiceWorker.workerVersionUpdated` to report the background's
 * version `stopped`. The next message to the background starts a NEW worker instance (fresh memory).
 */
export async function stopServiceWorker(extension: ExtensionHandle): Promise<void> {
  const page = await extension.context.newPage();
  try {
    await page.goto(extension.url('options.html'));
    const cdp = await extension.context.newCDPSession(page);
    const scriptUrl = extension.url('background.js');
    const stopped = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('The service worker did not report "stopped" within 10 s.')),
        10_000,
      );
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (versions.some((v) => v.scriptURL === scriptUrl && v.runningStatus === 'stopped')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
    await cdp.detach();
  } finally {
    await page.close();
  }
}
