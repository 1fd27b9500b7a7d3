import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (STYLE.md): the harness is pure — it imports only src/protocol, src/ontology and pure libraries,
 * and talks to the world through its ports. src/architecture.test.ts enforces the same rule by reading the imports,
 * so a lint bypass cannot hide a breach.
 */
const harnessForbidden = [
  { group: ['dexie', 'dexie/*'], message: 'The harness reaches the vault only through its VaultPort.' },
  { group: ['wxt', 'wxt/*', '#imports', '@wxt-dev/*'], message: 'The harness imports no browser API.' },
  {
    group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'],
    message: 'The harness imports no Node built-in.',
  },
  {
    group: ['@anthropic-ai/*', 'hono', 'hono/*', '@a2a-js/*', 'pg', '@electric-sql/*', '@ethereumjs/*'],
    message: 'Adapters wire these to ports; the harness stays pure.',
  },
  { group: ['viem/actions', 'viem/siwe'], message: 'Chain actions go through the AuthorityPort.' },
  {
    group: ['**/vault/**', '**/wallet/**', '**/adapters/**', '**/entrypoints/**', '**/gateway/**', '**/ui/**'],
    message: 'The harness imports only src/protocol, src/ontology and pure libraries.',
  },
];

/**
 * The harness's public faces: code outside src/harness imports it only through src/harness/index.ts and the shipped
 * fakes' src/harness/testing/index.ts (tests and proof/ may also take the control run's seam by name).
 * src/harness-boundaries.test.ts holds the same rule by reading the imports.
 */
const FACES = '(index|testing|testing/index)';
const SEAM = '(testing/control-run|kernel/control)';
const harnessInternal = (allowed) => ({
  regex: `^(\\.\\./)+(src/)?harness/(?!${allowed}$)`,
  message: 'Import the harness through its public face: src/harness/index.ts (fakes: src/harness/testing/index.ts).',
});
const siblingHarnessInternal = (allowed) => ({
  regex: `^\\./harness/(?!${allowed}$)`,
  message: 'Import the harness through its public face: src/harness/index.ts (fakes: src/harness/testing/index.ts).',
});

/**
 * No telemetry (DESIGN §3: the product makes no request except to endpoints the person configured).
 * `@metamask/smart-accounts-kit` 2.x reports usage when toMetaMaskSmartAccount, createDelegation, redelegate*,
 * send*WithDelegation and other entry points are called, and its off switches (CI, DO_NOT_TRACK,
 * navigator.doNotTrack) do not exist in an MV3 worker; `@metamask/delegation-toolkit` is its deprecated former name.
 * The wallet uses the framework's own packages instead: delegation-core, delegation-abis, delegation-deployments.
 */
const telemetryBanned = [
  {
    group: ['@metamask/smart-accounts-kit', '@metamask/smart-accounts-kit/*'],
    message:
      'smart-accounts-kit sends usage telemetry from its delegation and account entry points; use @metamask/delegation-core, -abis and -deployments.',
  },
  {
    group: ['@metamask/delegation-toolkit', '@metamask/delegation-toolkit/*'],
    message:
      'delegation-toolkit is deprecated (renamed smart-accounts-kit, which sends telemetry); use @metamask/delegation-core, -abis and -deployments.',
  },
];

/**
 * The wallet's public face: extension code outside src/wallet imports it only through src/wallet/index.ts (its test
 * support, src/wallet/testing, is apart from that face by design).
 */
const walletFace = [
  {
    regex: '(^|/)wallet/(?!testing(/|$))[^/]+',
    message: 'Import the wallet through src/wallet/index.ts; add an export there if one is missing.',
  },
];
const EXTENSION = ['src/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'];
const NOT_WALLET_CLIENTS = ['src/wallet/**', 'src/harness/**'];
const restricted = (...lists) => ({ 'no-restricted-imports': ['error', { patterns: lists.flat() }] });

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.output/',
      // The command-line door's bundle and snapshot, built by cli/build.mjs.
      '.cache/',
      '.wxt/',
      'tmp/',
      '.data/',
      'test-results/',
      'playwright-report/',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, chrome: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: telemetryBanned }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'No focused tests.',
        },
        {
          selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]",
          message: 'No skipped tests.',
        },
      ],
    },
  },
  {
    files: ['src/harness/**/*.ts'],
    ignores: ['src/harness/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...telemetryBanned, ...harnessForbidden] }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The harness reaches the network only through its ports.' },
        { name: 'indexedDB', message: 'The harness reaches the vault only through its VaultPort.' },
        { name: 'chrome', message: 'The harness imports no browser API.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes from the ClockPort.' },
        { object: 'Math', property: 'random', message: 'Ids come from the IdPort.' },
      ],
    },
  },
  // ESLint's flat config replaces a rule's options block by block, so each block below lists every import rule that
  // applies to its files: the telemetry ban, the harness's faces and the wallet's face together.
  {
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['src/harness/**'],
    rules: restricted(telemetryBanned, [harnessInternal(FACES)]),
  },
  {
    files: EXTENSION,
    ignores: NOT_WALLET_CLIENTS,
    rules: restricted(telemetryBanned, [harnessInternal(FACES)], walletFace),
  },
  {
    files: ['src/*.{ts,tsx}'],
    rules: restricted(telemetryBanned, [siblingHarnessInternal(FACES)], walletFace),
  },
  {
    files: ['**/*.test.{ts,tsx}', 'proof/**/*.ts'],
    ignores: ['src/harness/**'],
    rules: restricted(telemetryBanned, [harnessInternal(`(${FACES}|${SEAM})`)]),
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'entrypoints/**/*.test.{ts,tsx}'],
    ignores: NOT_WALLET_CLIENTS,
    rules: restricted(telemetryBanned, [harnessInternal(`(${FACES}|${SEAM})`)], walletFace),
  },
  {
    files: ['src/*.test.{ts,tsx}'],
    rules: restricted(telemetryBanned, [siblingHarnessInternal(`(${FACES}|${SEAM})`)], walletFace),
  },
);
