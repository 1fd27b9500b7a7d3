import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../gateway/testing/databases';
import { demoCabinet } from '../../gateway/testing/demo-cabinet';
import { startTestGateway, type TestGateway } from '../../gateway/testing/test-gateway';
import { CABINET_FOLDERS } from '../ontology/health-portal.generated';
import { DEMO_PEOPLE } from '../protocol/demo-identities';
import { digestOf } from '../protocol/digest';
import { createRemoteAgents, type RemoteAgentConfig } from './remote-agent';

/**
 * The A2A client against HeartCoach's real gateway over loopback (its own chain, a seeded desk on PGlite, the real
 * Anthropic SDK against the scripted Messages server): the agent card pinned by digest, one SendMessage (A2A 1.0)
 * with the person's session, the answer's words taken from its data part, and every way it can go wrong — not
 * connected, a rejected session, a skill the card does not offer, a card that moved, no answer in time — as values
 * in words. What the consultation's data part carries is HeartCoach's to define (src/protocol/heartcoach.ts); here the test supplies it as the gateway wants.
 */
const [pglite] = testDatabases();
let gw: TestGateway;
let token: string;
let data: Record<string, unknown>;

beforeAll(async () => {
  gw = await startTestGateway(pglite!);
  token = await gw.session('alice');
  data = { cabinet: demoCabinet(), grant: await gw.cabinetGrant('alice', [...CABINET_FOLDERS]), kind: 'question' };
}, 120_000);
afterAll(() => gw.close());

const agents = (config: Partial<RemoteAgentConfig> = {}) =>
  createRemoteAgents({ agents: { heartcoach: { url: gw.url, token: async () => token, ...config } } });
const ask = {
  agent: 'heartcoach',
  capability: 'heartcoach.ask',
  text: 'How is my week going?',
  asker: DEMO_PEOPLE.alice.ownerAddress,
  timeoutMs: 20_000,
} as const;

describe('outside agents over A2A: HeartCoach’s gateway', () => {
  it('answers a consultation in its own words, under the card it pinned', async () => {
    const port = agents();
    const answer = await port.send({ ...ask, data });
    expect(answer).toMatchObject({
      kind: 'answer',
      agent: 'heartcoach',
      cardDigest: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    if (answer.kind !== 'answer') return;
    expect(answer.text.length).toBeGreaterThan(0);
    expect(answer.data).toMatchObject({ kind: 'answer', say: answer.text });
    const card = await (await fetch(`${gw.url}/.well-known/agent-card.json`)).json();
    expect(answer.cardDigest).toBe(digestOf(card));
  });

  it('refuses in words: not connected, a session the gateway rejects, a skill not offered, a card that moved', async () => {
    expect(await agents({ token: async () => null }).send(ask)).toMatchObject({
      kind: 'refused',
      code: 'not_connected',
    });
    expect(await agents({ token: async () => `${token}x` }).send(ask)).toMatchObject({
      kind: 'refused',
      code: 'unauthenticated',
    });
    expect(await agents().send({ ...ask, capability: 'heartcoach.emr.sync' })).toMatchObject({
      kind: 'refused',
      code: 'skill_not_offered',
    });
    expect(await agents({ cardDigest: digestOf('another card') }).send({ ...ask, data })).toMatchObject({
      kind: 'refused',
      code: 'card_moved',
    });
    expect(await createRemoteAgents({ agents: {} }).send(ask)).toMatchObject({
      kind: 'unavailable',
      reason: 'heartcoach is not connected on this Home',
    });
  });

  it('a gateway refusal (no cabinet sent) comes back as its code and sentence', async () => {
    const refused = await agents().send(ask);
    expect(refused.kind).toBe('refused');
    if (refused.kind === 'refused') expect(refused.message.length).toBeGreaterThan(10);
  });

  it('gives up after its timeout, as unavailable, and an unreachable agent is unavailable too', async () => {
    gw.model.setLatency(3_000);
    try {
      expect(await agents().send({ ...ask, data, timeoutMs: 1_000 })).toEqual({
        kind: 'unavailable',
        reason: 'no answer within 1 s',
      });
    } finally {
      gw.model.setLatency(0);
    }
    const nowhere = createRemoteAgents({
      agents: { heartcoach: { url: 'http://127.0.0.1:9', token: async () => token } },
    });
    expect(await nowhere.send(ask)).toEqual({ kind: 'unavailable', reason: 'it could not be reached' });
  });
});
