import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import { read, reply } from '../../src/testing/scripted-messages-script';
import { alertsOf } from '../desk/reads';
import { ask } from '../testing/a2a-client';
import { scriptedCoach } from '../testing/coach-script';
import { testDatabases } from '../testing/databases';
import { demoCabinet } from '../testing/demo-cabinet';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/**
 * The doctrine outside the model, over loopback: the symptom's tier comes from the ontology's table, an alert is
 * delivered to the desk only above self-care, and at call-emergency the gateway's own words are in the tool result
 * before the model composes — and lead the answer even when the model would soften it. Also: the check-in kind's
 * opening line, and the seed's v0.3 message/send.
 */
describe.each(testDatabases())('the doctrine and the kinds on $name', (database) => {
  let gw: TestGateway;
  let alice: string;
  let data: (kind: string) => Record<string, unknown>;
  const alerts = () => alertsOf(gw.gateway.sql, gw.demo.addressOf('atria-heart'), gw.demo.addressOf('alice'));

  beforeAll(async () => {
    gw = await startTestGateway(database);
    alice = await gw.session('alice');
    const grant = await gw.cabinetGrant('alice', [...CABINET_FOLDERS]);
    data = (kind) => ({ cabinet: demoCabinet(), grant, kind });
  });
  afterAll(() => gw.close());
  beforeEach(() => {
    gw.model.requests.length = 0;
    gw.model.setScript(scriptedCoach);
  });

  it('call-emergency: "Call 911 now" is in the tool result before the model composes, the alert is raised, the answer leads with it', async () => {
    const before = await alerts();
    // A model that would soften it: it answers self-care and never says 911 on its own.
    gw.model.setScript((r) =>
      read.lastToolResults(r).length === 0
        ? reply.tool('heartcoach__triage', { symptom: read.firstUserText(r).replace('[symptom report] ', '') })
        : reply.tool('coach_reply', { say: 'Try to rest for a bit.', tier: 'self-care' }),
    );
    const { answer } = await ask(gw.url, alice, {
      skill: 'heartcoach.triage',
      text: 'I have crushing chest pressure right now',
      data: data('symptom'),
    });
    expect(gw.model.requests[0]!.body.messages[0]).toEqual({
      role: 'user',
      content: '[symptom report] I have crushing chest pressure right now',
    });
    const [result] = read.lastToolResults(gw.model.requests[1]!);
    expect(result!.text).toMatch(
      /^Call 911 now\. Do not wait for the coach\. Doctrine tier: call-emergency \(Chest pain or pressure at rest\)\. The care team at Atria Heart was alerted \(alert-[0-9a-f]+\)\.$/,
    );
    expect(answer!.escalationTier).toBe('call-emergency');
    expect(answer!.say).toBe('Call 911 now. Do not wait for the coach. Try to rest for a bit.');
    expect(answer!.consultationKind).toBe('symptom');
    expect(answer!.proposed[0]).toMatchObject({
      folder: 'symptoms',
      record: { text: 'I have crushing chest pressure right now', tier: 'call-emergency' },
    });
    const after = await alerts();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      severity: 'call-emergency',
      state: 'open',
      text: 'I have crushing chest pressure right now',
      raisedBy: 'heartcoach',
    });
  });

  it('self-care: a symptom getting better raises nothing on the desk', async () => {
    const before = await alerts();
    const { answer } = await ask(gw.url, alice, {
      skill: 'heartcoach.triage',
      text: 'my ankle swelling is a bit better this morning',
      data: data('symptom'),
    });
    expect(read.lastToolResults(gw.model.requests[1]!)[0]!.text).toBe(
      'Doctrine tier: self-care (Mild ankle swelling, getting better). Nothing was raised: the doctrine calls this self-care.',
    );
    expect(answer!.escalationTier).toBe('self-care');
    expect(await alerts()).toEqual(before);
  });

  it('the check-in kind changes only the opening line, and is filed on the insight', async () => {
    const { answer } = await ask(gw.url, alice, {
      skill: 'heartcoach.checkin',
      text: 'Good morning',
      data: data('check-in'),
    });
    expect(gw.model.requests[0]!.body.messages[0]).toEqual({ role: 'user', content: '[daily check-in] Good morning' });
    expect(answer).toMatchObject({
      consultationKind: 'check-in',
      insight: { record: { consultationKind: 'check-in' } },
    });
  });

  it("a patient parameter naming the caller is still the patient's own consultation (the parameter decides, never the words)", async () => {
    const { answer } = await ask(gw.url, alice, {
      skill: 'heartcoach.ask',
      text: 'How is my week going?',
      data: data('question'),
      patient: gw.demo.addressOf('alice').toUpperCase().replace('0X', '0x'),
    });
    expect(answer).toMatchObject({
      consultationKind: 'question',
      insight: { record: { type: 'heartcoach.guidance' } },
    });
    expect(answer!.about).toBeUndefined();
  });

  it("serves the seed's v0.3 message/send with the same answer shape", async () => {
    const { status, body, answer } = await ask(gw.url, alice, {
      skill: 'heartcoach.ask',
      text: 'How is my week going?',
      data: data('question'),
      version: '0.3',
    });
    expect(status).toBe(200);
    // A consultation is a task: completed, its answer the artifact, the agent's reply its status message.
    expect(body.result).toMatchObject({
      kind: 'task',
      status: {
        state: 'completed',
        message: { kind: 'message', role: 'agent', parts: [{ kind: 'data' }, { kind: 'text' }] },
      },
      artifacts: [{ artifactId: 'answer', parts: [{ kind: 'data' }] }],
    });
    expect(answer).toMatchObject({ kind: 'answer', consultationKind: 'question', escalationTier: 'self-care' });
  });
});
