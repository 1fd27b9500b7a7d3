import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinetGrantsPort } from './cabinet-grants';
import { DEMO_NOW } from '../../../gateway/testing/demo-cabinet';
import { testDatabases } from '../../../gateway/testing/databases';
import { startTestGateway, type TestGateway } from '../../../gateway/testing/test-gateway';
import { heartcoachAgents } from './heartcoach-agent';
import { fixedKeys } from '../../agent/accounts';
import { createHomeAgent, type HomeAgent } from '../../agent';
import { openDemoHome, type DemoHomeParts } from '../../agent/testing/demo-home';
import { FixedClock } from '../../harness/testing';
import { read } from '../../testing/scripted-messages-script';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { readRevoked } from '../../wallet';
import type { AppParts } from './app-parts';
import { readAppCard } from './app-card';
import { changeFolders, connectApp, disconnectApp } from './connect';
import { memoryConnections } from './connections';

/**
 * Connecting HeartCoach and consulting it, over real parts end to end: the person's Dexie vault with Alice's
 * demo cabinet (fake-indexeddb) and the extension's embedded EVM; HeartCoach's real gateway on loopback with its own
 * embedded chain, PGlite desk, and the real Anthropic SDK against the scripted Messages server. What the gateway
 * received is read from the model's recorded brief — the only place the cabinet goes.
 */
describe("HeartCoach connected to the person's agent", () => {
  let gw: TestGateway;
  let home: DemoHomeParts;
  let parts: AppParts;
  let agent: HomeAgent;
  const clock = new FixedClock(Date.parse(DEMO_NOW));
  const lastBrief = () => read.systemTexts(gw.model.requests.at(-1)!).at(-1) ?? '';
  const nonce = async () => ((await (await fetch(`${gw.url}/auth/nonce`)).json()) as { nonce: string }).nonce;

  beforeAll(async () => {
    gw = await startTestGateway(testDatabases()[0]!);
    home = await openDemoHome(clock, { name: `heartcoach-${Date.now()}` });
    const keys = fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey });
    const store = memoryConnections();
    parts = { vault: home.vault, chain: async () => home.chain, keys, store, fetch, now: () => clock.now() };
    agent = createHomeAgent({
      ...cabinetGrantsPort(home.vault),
      vault: home.vault,
      chain: home.chain,
      keys,
      clock,
      agents: heartcoachAgents({ vault: home.vault, store, now: () => clock.now() }),
    });
  }, 120_000);
  afterAll(() => gw.close());

  it('before connecting, a heart question waits with a sentence and nothing is sent', async () => {
    const reply = await agent.ask({ message: 'How is my week going?', surface: 'sidepanel' });
    expect(reply.ok && reply.data.reply).toMatchObject({
      kind: 'waiting',
      text: expect.stringMatching(/^HeartCoach is not connected to your Home/),
    });
    expect(gw.model.requests).toHaveLength(0);
  });

  it('connects with three folders: the page signs in with the proof, the agent holds its own session and the grant', async () => {
    const card = await readAppCard(fetch, gw.url, home.chain.chainId);
    expect(card).toMatchObject({ name: 'HeartCoach', agent: gw.gateway.deps.service.address, origin: gw.url });
    const connected = await connectApp(parts, {
      card,
      nonce: await nonce(),
      connectAgent: true,
      folders: ['readings', 'profile', 'doses'],
    });
    expect(connected.connected).toMatchObject({ folders: ['doses', 'profile', 'readings'] });
    const page = await fetch(`${gw.url}/auth/siwe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: connected.message, signature: connected.signature }),
    });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { subject: { name: string } }).subject.name).toBe('Alice Okoro');
    const stored = await parts.store.get(gw.url);
    expect(stored).toMatchObject({
      agent: gw.gateway.deps.service.address,
      cardDigest: card.digest,
      session: { subject: connected.address },
    });
    expect(await home.vault.settings.get('gateway.url')).toBe(gw.url);
  });

  it('"How is my week going? File the insight." is answered by HeartCoach over exactly the granted folders; the insight is filed with its receipt', async () => {
    const result = await agent.ask({ message: 'How is my week going? File the insight.', surface: 'sidepanel' });
    if (!result.ok) throw new Error(result.error.message);
    const reply = result.data.reply;
    expect(reply.kind).toBe('done');
    if (reply.kind !== 'done') return;
    expect(reply.result.text).toMatch(/^HeartCoach says: A steady week: your readings are in range\./);
    expect(lastBrief()).toMatch(/Doses today: /);
    expect(lastBrief()).toMatch(/Not shared with HeartCoach: symptoms, prefs, guidance/);
    expect(reply.receipts.map((r) => [r.toolId, r.presentedRef])).toEqual([
      ['heartcoach.consult', 'informational'],
      ['cabinet.guidance.file', 'self'],
    ]);
    const filed = (await home.vault.records.list('cabinet.guidance', reply.receipts[0]!.binding.subject)).rows;
    expect(filed.some((r) => r.data.question === 'How is my week going? File the insight.')).toBe(true);
  });

  it('withdrawing doses is a new grant (the old one revoked on chain); the next consultation carries no doses', async () => {
    const before = (await home.vault.wires.active({ kind: 'cabinet-grant' })).rows;
    expect(before).toHaveLength(1);
    const view = await changeFolders(parts, gw.url, ['profile', 'readings']);
    expect(view.grant?.folders).toEqual(['profile', 'readings']);
    expect(await readRevoked(home.chain, before[0]!.hash as `0x${string}`)).toEqual({ ok: true, revoked: true });
    const result = await agent.ask({ message: 'How is my week going?', surface: 'sidepanel' });
    // Nothing she asked to file: HeartCoach's answer, its insight offered as a suggestion.
    expect(result.ok && result.data.reply.kind).toBe('answer');
    expect(lastBrief()).not.toMatch(/Doses today: /);
    expect(lastBrief()).toMatch(/Not shared with HeartCoach: doses, symptoms, prefs, guidance/);
  });

  it('"log 2400 steps" is logged by HeartCoach and filed by the agent as a reading with its receipt', async () => {
    const result = await agent.ask({ message: 'Log 2400 steps for today', surface: 'sidepanel' });
    if (!result.ok || result.data.reply.kind !== 'done') throw new Error(JSON.stringify(result));
    const reply = result.data.reply;
    expect(reply.receipts.map((r) => r.toolId)).toEqual(['heartcoach.consult', 'cabinet.readings.log']);
    const steps = (await home.vault.records.list('cabinet.readings', reply.receipts[0]!.binding.subject)).rows.filter(
      (r) => r.data.metric === 'steps' && r.data.value === 2400,
    );
    expect(steps).toHaveLength(1);
    expect(reply.result.text).toMatch(/✓ logged 2400 steps/);
  });

  it('a session the gateway no longer accepts is refreshed once, and the consultation goes through', async () => {
    const stored = (await parts.store.get(gw.url))!;
    await parts.store.put({
      ...stored,
      session: { ...stored.session!, accessToken: `${stored.session!.accessToken.slice(0, -4)}AAAA` },
    });
    const result = await agent.ask({ message: 'How is my week going?', surface: 'sidepanel' });
    expect(result.ok && result.data.reply.kind).toBe('answer');
    expect((await parts.store.get(gw.url))!.session!.accessToken).not.toBe(stored.session!.accessToken);
  });

  it('disconnecting revokes the grant on chain and forgets the session; the next question waits, in words', async () => {
    const live = (await home.vault.wires.active({ kind: 'cabinet-grant' })).rows[0]!;
    expect(await disconnectApp(parts, gw.url)).toEqual({ origin: gw.url, revoked: true });
    expect(await readRevoked(home.chain, live.hash as `0x${string}`)).toEqual({ ok: true, revoked: true });
    const result = await agent.ask({ message: 'How is my week going?', surface: 'sidepanel' });
    expect(result.ok && result.data.reply).toMatchObject({
      kind: 'waiting',
      text: expect.stringMatching(/not connected/),
    });
  });
});
