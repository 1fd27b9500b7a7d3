import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rule of STYLE.md, checked by reading the source (lint can be bypassed; this cannot): src/harness may
 * import only itself, src/protocol, src/ontology and pure libraries. A breach names the file and the import.
 */
const ROOT = resolve(__dirname, '..');
const PURE_LIBRARIES = new Set(['zod', 'viem', '@noble/hashes', '@noble/curves', 'compromise']);
const ALLOWED_DIRS = ['src/harness', 'src/protocol', 'src/ontology'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) specifiers.push((match[1] ?? match[2] ?? match[3]) as string);
  return specifiers;
}

export function breachesOf(file: string, source: string): string[] {
  return importsOf(source).flatMap((specifier) => {
    if (specifier.startsWith('.')) {
      const target = relative(ROOT, resolve(dirname(file), specifier));
      return ALLOWED_DIRS.some((dir) => target === dir || target.startsWith(`${dir}/`)) ? [] : [specifier];
    }
    if (specifier.startsWith('@/') || specifier.startsWith('~/')) {
      const target = specifier.slice(2);
      return ALLOWED_DIRS.some((dir) => target === dir || target.startsWith(`${dir}/`)) ? [] : [specifier];
    }
    const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    if (specifier.startsWith('viem/') && !['viem/accounts', 'viem/utils', 'viem/chains'].includes(specifier))
      return [specifier];
    return PURE_LIBRARIES.has(pkg) ? [] : [specifier];
  });
}

describe('architecture: the harness is pure', () => {
  it('imports only src/protocol, src/ontology and pure libraries', () => {
    const harness = join(ROOT, 'src/harness');
    const breaches = sourceFiles(harness).flatMap((file) =>
      breachesOf(file, readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)} imports ${s}`),
    );
    expect(breaches).toEqual([]);
  });

  it('catches a breach when one is planted', () => {
    const file = join(ROOT, 'src/harness/plan/plan.ts');
    const planted = [
      "import Dexie from 'dexie';",
      "import { db } from '../../vault/db';",
      "import { browser } from 'wxt/browser';",
      "export { x } from '../../adapters/model';",
      "const m = await import('node:fs');",
      "import { createPublicClient } from 'viem';",
      "import { readContract } from 'viem/actions';",
      "import { digestOf } from '../../protocol/digest';",
      "import { CAPABILITIES } from '../../ontology/capabilities.generated';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(breachesOf(file, planted)).toEqual([
      'dexie',
      '../../vault/db',
      'wxt/browser',
      '../../adapters/model',
      'node:fs',
      'viem/actions',
    ]);
  });
});

/**
 * The gateway's nevers, read from its source (tests aside): HeartCoach's gateway is a service of its own, so it never
 * reaches the person's side — the harness, the vault, the agent, the adapters, the extension's faces — never uses
 * a browser's storage or extension APIs, never holds a person's key, and reaches the wallet only through its public
 * face, src/wallet/index.ts. From src/ it may use the shared vocabulary (src/protocol, src/ontology) and that face;
 * its test support (gateway/testing) may also use the shared test servers (src/testing, src/wallet/testing).
 */
const GATEWAY_SHARED = ['src/protocol', 'src/ontology'];
const GATEWAY_TEST_SUPPORT = ['src/testing', 'src/wallet/testing'];
const WALLET_FACE = ['src/wallet', 'src/wallet/index', 'src/wallet/index.ts'];
const BROWSER_LIBRARIES = /^(dexie|fake-indexeddb|wxt|#imports|@wxt-dev\/|webextension-polyfill)(\/|$)/;
const BROWSER_APIS = /\bchrome\.\w+|\bbrowser\.(runtime|storage|tabs|scripting|sidePanel|alarms)\b|\bindexedDB\b/;
/** A person's private key: the demo people's keys stand for keys that live only in each person's own Home. */
const PERSON_KEY = /DEMO_PEOPLE(\.\w+|\[[^\]]+\])\.privateKey/;

const within = (target: string, dirs: string[]) => dirs.some((dir) => target === dir || target.startsWith(`${dir}/`));
/** Code without its comments, so a comment that names an API is not read as a use of it. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

export type GatewayBreach = { rule: 'extension' | 'wallet-face' | 'browser' | 'person-key'; what: string };

export function gatewayBreachesOf(file: string, source: string): GatewayBreach[] {
  const testSupport = relative(ROOT, file).startsWith('gateway/testing/');
  const breaches: GatewayBreach[] = [];
  for (const specifier of importsOf(source)) {
    if (BROWSER_LIBRARIES.test(specifier)) breaches.push({ rule: 'browser', what: specifier });
    const aliased = specifier.startsWith('@/') || specifier.startsWith('~/');
    if (!specifier.startsWith('.') && !aliased) continue;
    const target = aliased ? specifier.slice(2) : relative(ROOT, resolve(dirname(file), specifier));
    if (target === 'gateway' || target.startsWith('gateway/') || within(target, GATEWAY_SHARED)) continue;
    if (testSupport && within(target, GATEWAY_TEST_SUPPORT)) continue;
    if (WALLET_FACE.includes(target)) continue;
    breaches.push({ rule: target.startsWith('src/wallet/') ? 'wallet-face' : 'extension', what: specifier });
  }
  const code = withoutComments(source);
  const api = BROWSER_APIS.exec(code);
  if (api !== null) breaches.push({ rule: 'browser', what: api[0] });
  // The gateway's test support stands in for the person's own Home in tests, signing as them; the gateway never does.
  const key = testSupport ? null : PERSON_KEY.exec(code);
  if (key !== null) breaches.push({ rule: 'person-key', what: key[0] });
  return breaches;
}

/**
 * Breaches known today and owned elsewhere, listed so they cannot grow: the gateway's imports of wallet internals
 * are being moved onto src/wallet/index.ts by the gateway's own change, and the demo desk's seed signs Atria Heart's
 * practice grants with its steward's demo key (there is no steward's Home in the demo). Remove a line when its breach
 * is mended: a line that no longer matches a breach fails the test too.
 */
const KNOWN_GATEWAY_BREACHES: string[] = [
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/accounts/fund',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/chain/chain-state-store',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/chain/open-embedded-chain',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/delegations/scopes',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/delegations/sign-scoped-delegation',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/revoke/revoke-delegation',
  'gateway/testing/test-gateway.ts wallet-face: ../../src/wallet/sign/sign-as-agent',
  'gateway/wallet/demo-directory.ts wallet-face: ../../src/wallet/accounts/smart-agent',
  'gateway/wallet/demo-directory.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/demo-directory.ts person-key: DEMO_PEOPLE[atria.stewardId].privateKey',
  'gateway/wallet/file-chain-store.ts wallet-face: ../../src/wallet/chain/chain-state-store',
  'gateway/wallet/gateway-wallet.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/grant-verifier.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/open-gateway-chain.ts wallet-face: ../../src/wallet/chain/chain-state-store',
  'gateway/wallet/open-gateway-chain.ts wallet-face: ../../src/wallet/chain/home-chain',
  'gateway/wallet/open-gateway-chain.ts wallet-face: ../../src/wallet/chain/open-embedded-chain',
  'gateway/wallet/open-gateway-chain.ts wallet-face: ../../src/wallet/chain/open-rpc-chain',
  'gateway/wallet/open-gateway-chain.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/accounts/smart-agent',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/delegations/caveats-for-scope',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/delegations/delegation-codec',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/sign/sign-as-agent',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/verify/check-window',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/verify/read-revoked',
  'gateway/wallet/practice-grant.ts wallet-face: ../../src/wallet/verify/verify-account-signature',
  'gateway/wallet/remembered-verification.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/remembered-verification.ts wallet-face: ../../src/wallet/verify/check-window',
  'gateway/wallet/remembered-verification.ts wallet-face: ../../src/wallet/verify/read-revoked',
  'gateway/wallet/remembered-verification.ts wallet-face: ../../src/wallet/verify/verdict',
  'gateway/wallet/remembered-verification.ts wallet-face: ../../src/wallet/verify/verify-scoped-delegation',
  'gateway/wallet/service-key.ts wallet-face: ../../src/wallet/sign/caller-assertion',
  'gateway/wallet/siwe-verifier.ts wallet-face: ../../src/wallet/chain/wallet-chain',
  'gateway/wallet/siwe-verifier.ts wallet-face: ../../src/wallet/verify/verify-account-signature',
];

function gatewayFiles(): string[] {
  return sourceFiles(join(ROOT, 'gateway')).filter((file) => !file.includes('/node_modules/'));
}

describe("architecture: the gateway's nevers", () => {
  const found = gatewayFiles().flatMap((file) =>
    gatewayBreachesOf(file, readFileSync(file, 'utf8')).map((b) => `${relative(ROOT, file)} ${b.rule}: ${b.what}`),
  );

  it('never reaches the harness, the vault, the agent, the adapters or the faces', () => {
    expect(found.filter((b) => b.includes(' extension: ') && !KNOWN_GATEWAY_BREACHES.includes(b))).toEqual([]);
  });

  it('reaches the wallet only through src/wallet/index.ts', () => {
    expect(found.filter((b) => b.includes(' wallet-face: ') && !KNOWN_GATEWAY_BREACHES.includes(b))).toEqual([]);
  });

  it('never uses Dexie, WXT or a browser API', () => {
    expect(found.filter((b) => b.includes(' browser: ') && !KNOWN_GATEWAY_BREACHES.includes(b))).toEqual([]);
  });

  it("never holds a person's key", () => {
    expect(found.filter((b) => b.includes(' person-key: ') && !KNOWN_GATEWAY_BREACHES.includes(b))).toEqual([]);
  });

  it('lists no known breach that has been mended', () => {
    expect(KNOWN_GATEWAY_BREACHES.filter((known) => !found.includes(known))).toEqual([]);
  });

  it('catches a breach of each rule when one is planted', () => {
    const file = join(ROOT, 'gateway/coach/planted.ts');
    const planted = [
      "import { runAsk } from '../../src/harness/run/run-ask';",
      "import { openVault } from '../../src/vault/db';",
      "export { createHomeAgent } from '../../src/agent/index';",
      "import { verifyWire } from '../../src/wallet/verify/verify-wire';",
      "import { keyring } from '@/src/vault/keys/keyring';",
      "import Dexie from 'dexie';",
      "import { browser } from 'wxt/browser';",
      "const { scriptedServer } = await import('../../src/testing/scripted-messages-server');",
      'await chrome.storage.session.get("k");',
      'const alice = privateKeyToAccount(DEMO_PEOPLE.alice.privateKey);',
      "import { verifyWire as v } from '../../src/wallet/index';",
      "import { openEmbeddedChain } from '../../src/wallet';",
      "import { HEARTCOACH } from '../../src/protocol/heartcoach';",
      "import { ARCHETYPES } from '../../src/ontology/archetypes.generated';",
      "import { refuse } from '../errors';",
      "import { Hono } from 'hono';",
      '// chrome.runtime and DEMO_PEOPLE.bob.privateKey named in a comment are not a use.',
      "const origin = 'http://127.0.0.1'; // a URL in a string is not a comment",
      'const bob = DEMO_PEOPLE.bob.ownerAddress;',
    ].join('\n');
    expect(gatewayBreachesOf(file, planted)).toEqual([
      { rule: 'extension', what: '../../src/harness/run/run-ask' },
      { rule: 'extension', what: '../../src/vault/db' },
      { rule: 'extension', what: '../../src/agent/index' },
      { rule: 'wallet-face', what: '../../src/wallet/verify/verify-wire' },
      { rule: 'extension', what: '@/src/vault/keys/keyring' },
      { rule: 'browser', what: 'dexie' },
      { rule: 'browser', what: 'wxt/browser' },
      { rule: 'extension', what: '../../src/testing/scripted-messages-server' },
      { rule: 'browser', what: 'chrome.storage' },
      { rule: 'person-key', what: 'DEMO_PEOPLE.alice.privateKey' },
    ]);
    // The shared test servers are open to the gateway's test support, and only to it.
    const support = join(ROOT, 'gateway/testing/planted.ts');
    expect(gatewayBreachesOf(support, "import { anvil } from '../../src/wallet/testing/anvil';")).toEqual([]);
    expect(gatewayBreachesOf(support, 'sign(DEMO_PEOPLE.alice.privateKey);')).toEqual([]);
    expect(gatewayBreachesOf(file, "import { anvil } from '../../src/wallet/testing/anvil';")).toEqual([
      { rule: 'wallet-face', what: '../../src/wallet/testing/anvil' },
    ]);
  });
});
