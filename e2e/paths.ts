import { fileURLToPath } from 'node:url';

/** Paths every spec and the global setup agree on. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const EXTENSION_DIR = `${ROOT}.output/chrome-mv3`;
export const PAGES_DIR = `${ROOT}e2e/pages`;
/** Screenshots of each face (gitignored); one is copied into docs/screenshots for the README. */
export const SCREENSHOTS_DIR = `${ROOT}test-results/screenshots`;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
