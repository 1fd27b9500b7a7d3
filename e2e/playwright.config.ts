import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './paths';

/**
 * End-to-end specs against the built extension in Debian's Chromium (never a downloaded browser). Each Playwright
 * worker launches one persistent context with the extension (e2e/fixtures.ts) and its specs share it; the build is
 * shared by all of them (global-setup.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/playwright',
  globalSetup: './global-setup.ts',
  forbidOnly: true,
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // Ceilings, not waits: every step waits for its event, and on a loaded 2-core machine starting the extension's
  // worker (a beforeAll) can take longer than 30 s, so the ceilings leave room for it.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { launchOptions: { executablePath: CHROMIUM_PATH } },
});
