import { defineConfig } from 'vitest/config';

/**
 * Two vitest projects: `unit` (beside the code, no port opened, fake-indexeddb for Dexie) and `integration`
 * (`*.int.test.ts`: real loopback servers — the gateway, the scripted Messages server, anvil, PostgreSQL).
 * End-to-end specs in e2e/ run under Playwright's own runner against the built extension (playwright.config.ts).
 */
const shared = [
  'src/**',
  'ontology/**',
  'contracts/**',
  'gateway/**',
  'cli/**',
  'eval/**',
  'bench/**',
  'proof/**',
  'scripts/**',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: shared.map((d) => `${d}/*.test.{ts,tsx}`),
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          // Some unit suites open the embedded EVM (deploy ~0.5 s idle, several seconds on a loaded 2-core machine).
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: shared.map((d) => `${d}/*.int.test.ts`),
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
