import pg from 'pg';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, DEMO_SERVICES, type DemoPersonId } from '../../src/protocol/demo-identities';
import { read } from '../../src/testing/scripted-messages-script';
import {
  startScriptedMessagesServer,
  type RecordedRequest,
  type ScriptedMessagesServer,
} from '../../src/testing/scripted-messages-server';
import { fundOnLocalChain } from '../../src/wallet/accounts/fund';
import { smartAgentOf } from '../../src/wallet/accounts/smart-agent';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { wireScope } from '../../src/wallet/delegations/scopes';
import { signScopedDelegation } from '../../src/wallet/delegations/sign-scoped-delegation';
import { deployHomeEnvironment } from '../../src/wallet/deploy/deploy-home-environment';
import { revokeDelegation } from '../../src/wallet/revoke/revoke-delegation';
import { startAnvil, type AnvilNode } from '../../src/wallet/testing/anvil';
import { systemClock } from '../ports';
import { ask } from '../testing/a2a-client';
import { scriptedCoach } from '../testing/coach-script';
import { clusterClient, type ClusterClient } from '../testing/cluster-client';
import { startGatewayCluster, type GatewayCluster } from '../testing/gateway-cluster';
import { openGatewayChain } from '../wallet/open-gateway-chain';

/**
 * Stateless instances, proven with real parts: three processes of the server bundle (what `npm run gateway` runs)
 * behind Debian's haproxy, sharing one PostgreSQL schema (TEST_DATABASE_URL) and one anvil. A session from one is
 * accepted by the others, a wire revoked on chain is refused by every instance, the instance holding a consultation
 * between its write and its answer (the scripted model holds the answer until the kill) is SIGKILLed and the retry is
 * answered once with the write there once, an instance SIGKILLed in the middle of a run of desk writes loses none and
 * doubles none, consultations that write under an Idempotency-Key while another instance is SIGKILLed are each
 * written at most once and answered, and a rate limit counted in the database holds on every instance.
 */
const url = process.env.TEST_DATABASE_URL;
const SIGN_IN_LIMIT = 40;

describe('three gateway instances behind haproxy on one PostgreSQL and one anvil', () => {
  let node: AnvilNode;
  let chain: WalletChain;
  let model: ScriptedMessagesServer;
  let cluster: GatewayCluster;
  let db: pg.Pool;
  let signIn: ClusterClient['signIn'];
  let consult: ClusterClient['consult'];
  let register: ClusterClient['register'];
  let aboutAlice: ClusterClient['aboutAlice'];
  const schema = `cluster_t${process.pid}_${Date.now().toString(36)}`;
  const owner = (id: DemoPersonId) => privateKeyToAccount(DEMO_PEOPLE[id].privateKey);
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const wire = async (validBefore: number) =>
    signScopedDelegation(chain, {
      owner: owner('alice'),
      agent: await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt),
      delegate: privateKeyToAccount(DEMO_SERVICES.heartcoach.privateKey).address,
      scope: wireScope({
        chainId: chain.chainId,
        origin: cluster.origin,
        window: { validAfter: nowSeconds() - 3600, validBefore },
      }),
    });

  beforeAll(async () => {
    if (url === undefined || url === '')
      throw new Error('This test needs TEST_DATABASE_URL (a PostgreSQL 15 database); scripts/test.mjs sets it.');
    node = await startAnvil();
    chain = await openGatewayChain({ rpcUrl: node.url, clock: systemClock });
    await deployHomeEnvironment(chain.client);
    model = await startScriptedMessagesServer({ script: scriptedCoach });
    cluster = await startGatewayCluster({
      instances: 3,
      databaseUrl: url,
      schema,
      rpcUrl: node.url,
      modelUrl: model.url,
      env: { RATE_LIMIT_SIGN_IN: String(SIGN_IN_LIMIT), RATE_LIMIT_PER_ADDRESS: '100000' },
    });
    db = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
    ({ signIn, consult, register, aboutAlice } = clusterClient(cluster, chain));
  }, 400_000); // three processes start on a 2-core machine shared with other work
  afterAll(async () => {
    await cluster?.close();
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db?.end();
    await model?.close();
    await node?.stop();
  });

  it('a session opened at one instance is accepted by the others; the JWKS is the same everywhere', async () => {
    const [a, b, c] = cluster.instances;
    const session = await signIn(a!.url, 'dave');
    for (const instance of [a!, b!, c!]) {
      const me = await fetch(`${instance.url}/desk/me`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { name: string }).name).toBe(DEMO_PEOPLE.dave.name);
    }
    const jwks = await Promise.all(
      cluster.instances.map(async (i) => (await fetch(`${i.url}/.well-known/jwks.json`)).text()),
    );
    expect(new Set(jwks).size).toBe(1);
    // Signed out through one instance: refused by all three at once.
    const revoked = await fetch(`${b!.url}/auth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: session.refresh_token }),
    });
    expect(revoked.status).toBe(200);
    for (const instance of cluster.instances) {
      const me = await fetch(`${instance.url}/desk/me`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(me.status).toBe(401);
    }
  });

  it('a wire registered through the balancer and revoked on chain is refused by every instance', async () => {
    const alice = (await signIn(cluster.origin, 'alice')).access_token;
    const granted = (await wire(nowSeconds() + 30 * 86_400)) as { delegation: unknown };
    expect((await register(cluster.origin, alice, granted)).status).toBe(200);
    for (const instance of cluster.instances) {
      const r = await ask(instance.url, alice, { skill: 'heartcoach.ask.me', text: 'How many contacts do I have?' });
      expect(r.body.error).toBeUndefined();
    }
    const submitter = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    await fundOnLocalChain(chain, submitter.address, 10n ** 18n);
    await revokeDelegation(chain, {
      owner: owner('alice'),
      agent: await smartAgentOf(DEMO_PEOPLE.alice.ownerAddress, DEMO_PEOPLE.alice.salt),
      delegation: granted.delegation,
      submitter,
    });
    for (const instance of cluster.instances) {
      const r = await ask(instance.url, alice, { skill: 'heartcoach.ask.me', text: 'How many contacts do I have?' });
      expect(r.body.error?.data).toMatchObject({ code: 'ask_wire_required', status: 412 });
      expect(r.body.error?.message).toMatch(/wire was revoked by 0x/);
    }
  });

  it('every instance runs the server bundle, as `npm run gateway` does after `npm run build:gateway`', () => {
    for (const instance of cluster.instances)
      expect(instance.readyLine).toMatch(/ — the server bundle, ready in \d+ ms$/);
  });

  it(
    'the instance holding a consultation between its write and its answer is SIGKILLed: answered once, written once',
    { timeout: 120_000 },
    async () => {
      const dave = (await signIn(cluster.origin, 'dave')).access_token;
      const about = await aboutAlice();
      const run = `${process.pid}-${Date.now().toString(36)}`;
      const text = `held ${run}`;
      const ours = (r: RecordedRequest) => read.firstUserText(r).includes(text);
      // The model holds its answer to this consultation's second round — the message is on the desk, the answer is
      // not yet written — until the test lets go; the request tells which instance sent it (the model key it sent).
      let arrived!: (modelKey: string) => void;
      const seen = new Promise<string>((resolve) => (arrived = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      model.setScript(async (request) => {
        if (ours(request) && read.lastToolResults(request).length > 0) {
          const key = request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '');
          arrived(key ?? '');
          await held;
        }
        return scriptedCoach(request);
      });
      try {
        const answer = consult(dave, `held-${run}`, `Tell Alice ${text}`, about);
        const modelKey = await seen;
        const index = cluster.instances.findIndex((i) => i.modelKey === modelKey);
        expect(cluster.instances.map((i) => i.modelKey)).toContain(modelKey);
        const written = async () =>
          (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM thread WHERE text = $1`, [text])).rows[0]!.n;
        expect(await written()).toBe(1); // mid-flight: its write landed, its answer is held
        await cluster.instances[index]!.kill();
        release();
        // haproxy sends the request on to a live instance, the client again while it hears "in flight": one answer,
        // in words, naming the task; the consultation never ran a second time, and its write is there once.
        const result = await answer;
        expect(result).toMatchObject({ status: 409, code: 'idempotency_abandoned' });
        expect(result.taskId).toMatch(/\S/);
        expect(model.requests.filter((r) => ours(r) && read.lastToolResults(r).length === 0)).toHaveLength(1);
        expect(await written()).toBe(1);
        // Asked again under the same key, the answer is the same, and still nothing runs twice.
        expect(await consult(dave, `held-${run}`, `Tell Alice ${text}`, about)).toMatchObject({
          status: 409,
          code: 'idempotency_abandoned',
          taskId: result.taskId,
        });
        expect(await written()).toBe(1);
        await cluster.restart(index); // the tests after this one kill instances of their own
      } finally {
        release();
        model.setScript(scriptedCoach);
      }
    },
  );

  it(
    'one instance SIGKILLed in the middle of sixty desk writes: every write lands once, none is doubled',
    { timeout: 180_000 },
    async () => {
      const alice = (await signIn(cluster.origin, 'alice')).access_token;
      const base = nowSeconds() + 40 * 86_400;
      const wires = await Promise.all(Array.from({ length: 60 }, (_, i) => wire(base + i)));
      let next = 0;
      let answered = 0;
      let killed: Promise<void> | null = null;
      const results: number[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (next < wires.length) {
            const mine = wires[next++]!;
            const { status } = await register(cluster.origin, alice, mine);
            results.push(status);
            answered += 1;
            if (answered === 15) killed = cluster.instances[1]!.kill();
          }
        }),
      );
      await killed;
      expect(cluster.instances[1]!.alive()).toBe(false);
      expect(results.filter((s) => s !== 200)).toEqual([]);
      const rows = await db.query<{ n: number; distinct: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct FROM wires WHERE expires_at >= to_timestamp($1)`,
        [base],
      );
      expect(rows.rows[0]).toEqual({ n: 60, distinct: 60 });
    },
  );

  it(
    'one instance SIGKILLed in the middle of consultations that write: none doubled, every one answered',
    { timeout: 240_000 },
    async () => {
      const dave = (await signIn(cluster.origin, 'dave')).access_token;
      const about = await aboutAlice();
      const run = `${process.pid}-${Date.now().toString(36)}`;
      const answers = new Map<number, { status: number; code: string | null }>();
      let next = 0;
      let killed: Promise<void> | null = null;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < 24) {
            const i = next++;
            answers.set(i, await consult(dave, `k-${run}-${i}`, `Tell Alice check ${run} number ${i}`, about));
            if (answers.size === 6) killed = cluster.instances[2]!.kill();
          }
        }),
      );
      await killed;
      expect(cluster.instances[2]!.alive()).toBe(false);
      const rows = await db.query<{ text: string; n: number }>(
        `SELECT text, count(*)::int AS n FROM thread WHERE text LIKE $1 GROUP BY text`,
        [`check ${run} number %`],
      );
      const landed = new Map(rows.rows.map((r) => [r.text, r.n]));
      for (const [i, answer] of answers) {
        const n = landed.get(`check ${run} number ${i}`) ?? 0;
        // Answered: its write is there once. Stopped with its instance: answered in words, written at most once.
        if (answer.status === 200) expect(n, `consultation ${i}`).toBe(1);
        else
          expect({ status: answer.status, code: answer.code, n: Math.min(n, 1) }).toEqual({
            status: 409,
            code: 'idempotency_abandoned',
            n,
          });
      }
      expect([...landed.values()].every((n) => n === 1)).toBe(true);
    },
  );

  it('a sign-in rate limit counted in PostgreSQL holds on every instance', async () => {
    const alive = cluster.instances.filter((i) => i.alive());
    for (let round = 0; round < 2; round++) {
      const minute = Math.floor(Date.now() / 60_000);
      let refused: Response | null = null;
      for (let i = 0; i < SIGN_IN_LIMIT + 5 && refused === null; i++) {
        const res = await fetch(`${cluster.origin}/auth/nonce`);
        await res.arrayBuffer();
        if (res.status === 429) refused = res;
      }
      expect(refused).not.toBeNull();
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      const direct = await Promise.all(alive.map((i) => fetch(`${i.url}/auth/nonce`)));
      // The window turned between the burst and the check: the limit started over; measure again in the new one.
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expect(direct.map((r) => r.status)).toEqual(alive.map(() => 429));
      const problem = (await direct[0]!.json()) as { code: string; detail: string };
      expect(problem.code).toBe('rate_limited');
      expect(problem.detail).toMatch(new RegExp(`at most ${SIGN_IN_LIMIT} a minute`));
      return;
    }
    throw new Error('two minute windows turned during the bursts');
  });
});
