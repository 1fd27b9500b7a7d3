import { getAddress } from 'viem';
import { cabinetGrantsPort } from '../apps/heartcoach/cabinet-grants';
import { describe, expect, it } from 'vitest';
import type { RemoteAnswer } from '../harness';
import { FixedClock, ScriptedAgents, scriptedHeartCoach } from '../harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../protocol/demo-identities';
import { demoAddressOf } from './demo';
import { createHomeAgent, fixedKeys } from './index';
import { openDemoHome } from './testing/demo-home';

/**
 * A kept question is findable (issue: "nothing to be lost"): a HeartCoach consultation that could not reach the gateway
 * ends `waiting`, and the agent's pending list names it — the words asked and why it waits — so a face opened later
 * (the side panel closed and opened again; here a new composition root over the same vault) finds it, sends it again
 * (a resume with nothing supplied) or drops it (a decline). Real vault (fake-indexeddb) and embedded chain; HeartCoach
 * is a scripted outside agent here (its gateway is real in e2e/heartcoach-connect.spec.ts), switched down and up.
 */
async function home() {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock, { name: `kept-${crypto.randomUUID()}` });
  const alice = getAddress(await demoAddressOf('alice'));
  const origin = new URL(await parts.vault.settings.get('gateway.url')).origin;
  // Alice's cabinet grant to HeartCoach, as "Connect my agent" stores it (the gateway, not this row, verifies it).
  await parts.vault.wires.record({
    kind: 'cabinet-grant',
    hash: `0x${'c1'.repeat(32)}`,
    direction: 'given',
    delegator: alice,
    delegate: DEMO_SERVICES.heartcoach.address,
    origin,
    expiresAt: clock.now() + 86_400_000,
    folders: ['readings'],
    delegation: {
      delegation: { delegator: alice, salt: '1' },
      scope: { type: 'home-agent/cabinet-grant', folders: ['readings'] },
    },
  });
  const gateway = { up: false };
  const coach = scriptedHeartCoach();
  const agents = new ScriptedAgents({
    heartcoach: (q): RemoteAnswer =>
      gateway.up ? coach(q) : { kind: 'unavailable', reason: 'connect ECONNREFUSED 127.0.0.1:8787' },
  });
  const build = () =>
    createHomeAgent({
      ...cabinetGrantsPort(parts.vault),
      vault: parts.vault,
      chain: parts.chain,
      keys: fixedKeys({ owner: DEMO_PEOPLE.alice.privateKey, harness: DEMO_SERVICES['harness-agent'].privateKey }),
      agents,
      clock,
    });
  return { gateway, agents, build };
}

describe('a question kept while HeartCoach cannot be reached', () => {
  it('is listed with the words asked and why it waits, found again by a new face, and sent again once the gateway is back', async () => {
    const h = await home();
    const asked = await h.build().ask({ message: 'How is my week going?', surface: 'sidepanel' });
    expect(asked.ok && asked.data.reply).toMatchObject({
      kind: 'waiting',
      on: 'heartcoach',
      text: expect.stringMatching(/^HeartCoach did not answer/),
    });
    const runRef = asked.ok ? asked.data.runRef : '';

    // The side panel closed; whatever opens next asks the agent (a new composition root over the same vault).
    const later = h.build();
    expect(await later.pending()).toEqual([
      expect.objectContaining({
        runRef,
        waitingFor: 'agent',
        toolId: 'heartcoach.consult',
        words: 'How is my week going?',
        text: 'HeartCoach did not answer (connect ECONNREFUSED 127.0.0.1:8787). Your question is kept: ask again to send it.',
      }),
    ]);
    expect((await later.pending())[0]!.stopped).toBeUndefined();
    // Still down: sending it again keeps it (asked once more, waiting again), never lost.
    expect((await later.resume({ runRef, surface: 'sidepanel' })).ok).toBe(true);
    expect((await later.pending()).map((p) => p.runRef)).toEqual([runRef]);
    expect(h.agents.sent).toHaveLength(2);

    h.gateway.up = true;
    const resent = await later.resume({ runRef, surface: 'popup' });
    expect(resent.ok && resent.data.reply).toMatchObject({
      kind: 'answer',
      text: expect.stringMatching(/^HeartCoach says: Your week looks steady/),
    });
    expect(await later.pending()).toEqual([]);
  });

  it('dropped, it is declined in words, nothing is sent, and it is no longer listed', async () => {
    const h = await home();
    const asked = await h.build().ask({ message: 'How is my week going?', surface: 'sidepanel' });
    const runRef = asked.ok ? asked.data.runRef : '';
    const agent = h.build();
    expect((await agent.pending()).map((p) => [p.runRef, p.waitingFor])).toEqual([[runRef, 'agent']]);
    const dropped = await agent.decline({ runRef, reason: 'you dropped this kept question', surface: 'popup' });
    expect(dropped.ok && dropped.data.reply).toMatchObject({
      kind: 'refused',
      outcome: 'declined',
      error: { code: 'DECLINED', message: 'You declined: you dropped this kept question. Nothing was done.' },
    });
    expect(await agent.pending()).toEqual([]);
    expect(h.agents.sent).toHaveLength(1);
  });
});
