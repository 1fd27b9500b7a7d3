import { mkdtemp } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, DEMO_SERVICES, type DemoPersonId } from '../../src/protocol/demo-identities';
import type { CabinetFolderName } from '../../src/protocol/delegation';
import { startScriptedMessagesServer, type ScriptedMessagesServer } from '../../src/testing/scripted-messages-server';
import type { Script } from '../../src/testing/scripted-messages-types';
import { fundOnLocalChain } from '../../src/wallet/accounts/fund';
import { createMemoryChainStateStore } from '../../src/wallet/chain/chain-state-store';
import { openEmbeddedChain } from '../../src/wallet/chain/open-embedded-chain';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { grantScope, wireScope } from '../../src/wallet/delegations/scopes';
import { signScopedDelegation } from '../../src/wallet/delegations/sign-scoped-delegation';
import { revokeDelegation } from '../../src/wallet/revoke/revoke-delegation';
import { signMessageAsAgent } from '../../src/wallet/sign/sign-as-agent';
import type { SessionKey } from '../auth/session-keys';
import { composeGateway, type Gateway } from '../compose';
import { practiceGrantOf } from '../desk/roster';
import type { RateLimits } from '../ops/rate-limit';
import { fixedClock, randomIds } from '../ports';
import { demoDirectory, type DemoAgents } from '../wallet/demo-directory';
import { gatewayWallet } from '../wallet/gateway-wallet';
import { buildWebBundle } from '../web/bundle';
import { scriptedCoach } from './coach-script';
import type { TestDatabase } from './databases';
import { DEMO_NOW } from './demo-cabinet';

/**
 * The gateway as the integration tests meet it: served on a real loopback port, with its own embedded chain (the
 * deterministic deployment), a fresh desk on PGlite or PostgreSQL seeded from the demo identities, the real Anthropic
 * SDK talking to the scripted Messages server, and a fixed clock at the seed's "now". Helpers sign in by SIWE over
 * HTTP and sign grants and wires with the demo keys, exactly as a person's agent would.
 */
export type TestGateway = {
  url: string;
  model: ScriptedMessagesServer;
  clock: ReturnType<typeof fixedClock>;
  gateway: Gateway;
  chain: WalletChain;
  demo: DemoAgents;
  /** The key ring's signing key now, so a test can forge tokens that differ from a real one in exactly one way. */
  sessionKey: SessionKey;
  session(person: DemoPersonId): Promise<string>;
  /** The whole sign-in answer (access and refresh tokens, the subject), as the page keeps it. */
  signIn(person: DemoPersonId): Promise<TokenResponse>;
  cabinetGrant(person: DemoPersonId, folders: CabinetFolderName[], origin?: string): Promise<unknown>;
  wire(person: DemoPersonId, origin?: string, validBefore?: number): Promise<unknown>;
  revokePracticeGrant(member: DemoPersonId): Promise<void>;
  close(): Promise<void>;
};

/** The sign-in answer in RFC 6749's names. */
export type TokenResponse = {
  access_token: string;
  token_type: 'Bearer';
  refresh_token: string;
  expires_in: number;
  refresh_expires_in: number;
  subject: { address: string; name: string };
};

/** The test gateway's rate limits: the fixed clock never turns a window, so they are set past what any test sends. */
const TEST_RATE_LIMITS: Partial<RateLimits> = { perAddress: 100_000, signInPerAddress: 100_000, perSubject: 100_000 };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function startTestGateway(
  database: TestDatabase,
  options: {
    withModel?: boolean;
    latencyMs?: number;
    web?: boolean;
    script?: Script;
    rateLimits?: Partial<RateLimits>;
    wallClock?: boolean;
    originHost?: string;
    /** The signing keys' secrets, newest first (a start after a rotation of the secret); a test secret otherwise. */
    signingSecrets?: readonly string[];
    retireSigningKeys?: boolean;
    /** A fixed port, so a gateway started again on the same desk is the same issuer; 0 (default): any free one. */
    port?: number;
  } = {},
): Promise<TestGateway> {
  // `wallClock`: time runs as the machine's (a client outside the test compares task times with its own clock).
  const clock =
    options.wallClock === true
      ? Object.assign(fixedClock(new Date()), { now: () => new Date() })
      : fixedClock(DEMO_NOW);
  const model = await startScriptedMessagesServer({
    script: options.script ?? scriptedCoach,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
  });
  const chain = await openEmbeddedChain({ store: createMemoryChainStateStore(), clock: () => clock.now().getTime() });
  const demo = await demoDirectory(chain);
  let fetcher: (request: Request) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const s = serve({ fetch: (request) => fetcher(request), port: options.port ?? 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server: s, port: info.port }),
    );
  });
  // `originHost`: the name the gateway calls itself by (its card, its sign-in domain); it listens on 127.0.0.1.
  const origin = `http://${options.originHost ?? '127.0.0.1'}:${port}`;
  const wallet = gatewayWallet({ chain, clock, origins: [origin], serviceKey: DEMO_SERVICES.heartcoach.privateKey });
  const sql = await database.open();
  const closeServer = async () => {
    (server as Server).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const gateway = await composeGateway({
    origin,
    audience: 'heartcoach',
    trustedIssuers: [],
    database: { kind: 'open', sql },
    keyRing: {
      secrets: options.signingSecrets ?? ['test-gateway-signing-keys-secret-0123456789'],
      retireUnopened: options.retireSigningKeys === true,
    },
    rateLimits: options.rateLimits ?? TEST_RATE_LIMITS,
    model:
      options.withModel === false
        ? null
        : { apiKey: 'scripted-test-key', baseURL: model.url, model: 'claude-scripted', maxRetries: 0 },
    registry: { dir: await mkdtemp(join(tmpdir(), 'registry-')), publish: true },
    clock,
    ids: randomIds,
    wallet,
    demo,
    ...(options.web === true ? { web: await buildWebBundle() } : {}),
  }).catch(async (error: unknown) => {
    // A start refused (say, a signing key no secret opens): nothing of it is left running or holding the desk.
    await sql.close();
    await closeServer();
    await model.close();
    throw error;
  });
  fetcher = (request) => gateway.app.fetch(request);
  const owner = (id: DemoPersonId) => privateKeyToAccount(DEMO_PEOPLE[id].privateKey);
  const window = { validAfter: seconds('2026-09-01T00:00:00Z'), validBefore: seconds('2026-12-31T00:00:00Z') };
  async function signIn(person: DemoPersonId) {
    const { nonce } = (await (await fetch(`${origin}/auth/nonce`)).json()) as { nonce: string };
    const agent = demo.agents[person];
    const message = createSiweMessage({
      domain: new URL(origin).host,
      address: agent.address,
      uri: origin,
      version: '1',
      chainId: chain.chainId,
      nonce,
      issuedAt: clock.now(),
    });
    const signature = await signMessageAsAgent(owner(person), agent, message);
    const res = await fetch(`${origin}/auth/siwe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as TokenResponse;
  }
  return {
    url: origin,
    model,
    clock,
    gateway,
    chain,
    demo,
    sessionKey: await gateway.keys.signingKey(),
    session: async (person) => (await signIn(person)).access_token,
    signIn,
    cabinetGrant: (person, folders, grantOrigin = origin) =>
      signScopedDelegation(chain, {
        owner: owner(person),
        agent: demo.agents[person],
        delegate: wallet.service.address,
        scope: grantScope({ chainId: chain.chainId, origin: grantOrigin, folders, window }),
      }),
    wire: (person, wireOrigin = origin, validBefore = window.validBefore) =>
      signScopedDelegation(chain, {
        owner: owner(person),
        agent: demo.agents[person],
        delegate: wallet.service.address,
        scope: wireScope({ chainId: chain.chainId, origin: wireOrigin, window: { ...window, validBefore } }),
      }),
    async revokePracticeGrant(member) {
      const grant = (await practiceGrantOf(gateway.sql, demo.addressOf('atria-heart'), demo.addressOf(member))) as {
        delegation: unknown;
      };
      const submitter = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
      await fundOnLocalChain(chain, submitter.address, 10n ** 18n);
      const steward = DEMO_ORGANIZATIONS['atria-heart'].stewardId;
      await revokeDelegation(chain, {
        owner: owner(steward),
        agent: demo.agents['atria-heart'],
        delegation: grant.delegation,
        submitter,
      });
    },
    async close() {
      await closeServer();
      await gateway.close();
      await model.close();
    },
  };
}
