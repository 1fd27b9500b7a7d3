import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import { read } from '../../src/testing/scripted-messages-script';
import { threadOf } from '../desk/reads';
import { ask } from '../testing/a2a-client';
import { testDatabases } from '../testing/databases';
import { demoCabinet } from '../testing/demo-cabinet';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/**
 * Seed 000 §5.1–§5.3 over real HTTP on loopback: the gateway with its own chain, a fresh seeded desk, and the real
 * Anthropic SDK against the scripted Messages server (the hosted model cannot run here). Each test asserts the tools
 * the model was offered, the acts, the desk rows after them, and that a refusal's sentence came from a gate: it is in
 * the tool result the gateway sent the model before the script repeated it.
 */
/** The patient's tools as the model sees them: log, triage, message, coach_reply last (no EMR here). */
const PATIENT_TOOLS = ['heartcoach__log', 'heartcoach__triage', 'heartcoach__message', 'coach_reply'];

describe.each(testDatabases())("the patient's consultation on $name", (database) => {
  let gw: TestGateway;
  let alice: string;
  let aliceData: Record<string, unknown>;
  const askAlice = (text: string, kind = 'question', skill = 'heartcoach.ask') =>
    ask(gw.url, alice, { skill, text, data: { ...aliceData, kind } });

  beforeAll(async () => {
    gw = await startTestGateway(database);
    alice = await gw.session('alice');
    aliceData = { cabinet: demoCabinet(), grant: await gw.cabinetGrant('alice', [...CABINET_FOLDERS]) };
  });
  afterAll(() => gw.close());
  beforeEach(() => void (gw.model.requests.length = 0));

  it('5.1 "How is my week going?": one round, coach_reply only, builtFrom cites the cabinet, an insight to file', async () => {
    const { status, answer } = await askAlice('How is my week going?');
    expect(status).toBe(200);
    expect(gw.model.requests).toHaveLength(1);
    const [request] = gw.model.requests;
    expect(read.toolNames(request!)).toEqual(PATIENT_TOOLS);
    expect(request!.body).toMatchObject({ max_tokens: 450, tool_choice: { type: 'any' } });
    const system = request!.body.system as Array<{ text: string; cache_control?: unknown }>;
    expect(system[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(system[0]!.text).toMatch(/^# heart-coach-patient-coach \(v1\.0\.0, 0x[0-9a-f]{64}\)/);
    expect(system[0]!.text).toContain('# heart-coach-safety (v');
    expect(system[1]!.cache_control).toBeUndefined();
    expect(system[1]!.text).toContain('Still to do today: weight');
    const cabinetIds = new Set(demoCabinet().readings.map((r) => r.id));
    expect(answer!.builtFrom.length).toBeGreaterThan(0);
    for (const id of answer!.builtFrom) expect(cabinetIds.has(id)).toBe(true);
    expect(answer).toMatchObject({
      kind: 'answer',
      consultationKind: 'question',
      acted: [],
      proposed: [],
      escalationTier: 'self-care',
      tier: 'ReadOrDraft',
      model: 'claude-scripted',
    });
    expect(answer!.insight!.record).toMatchObject({
      type: 'heartcoach.guidance',
      question: 'How is my week going?',
      builtFrom: answer!.builtFrom,
    });
    expect(answer!.archetypes.map((a) => a.id)).toEqual([
      'skill:archetypes/heart-coach-patient-coach',
      'skill:archetypes/heart-coach-safety',
    ]);
    expect(answer!.under).toHaveLength(4);
  });

  it('5.2 "Log 2400 steps for today": the log lands in the working cabinet, the next round sees it, the reading comes back', async () => {
    const { answer } = await askAlice('Log 2400 steps for today', 'question');
    expect(gw.model.requests).toHaveLength(2);
    const [first, second] = gw.model.requests;
    for (const request of [first!, second!]) expect(read.toolNames(request)).toEqual(PATIENT_TOOLS);
    expect(first!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Log 2400 steps for today' });
    expect(answer!.acted).toEqual([
      {
        tool: 'heartcoach.log',
        ok: true,
        summary: 'logged 2400 steps',
        storedIn: `heartcoach/readings/${answer!.proposed[0]!.record.id}.json`,
      },
    ]);
    const reading = answer!.proposed[0]!;
    expect(reading).toMatchObject({
      folder: 'readings',
      observation: 'accepted',
      record: { metric: 'steps', value: 2400, source: 'you', at: '2026-09-29T11:58:00.000Z' },
    });
    expect(read.system(first!)).not.toContain(reading.record.id);
    expect(read.system(second!)).toContain(`- ${reading.record.id} · steps 2400 steps · 2026-09-29 11:58 · you`);
    expect(answer!.builtFrom).toContain(reading.record.id);
    expect(answer!.insight!.record.acted).toEqual(answer!.acted);
  });

  it('5.2 "log my water pill" matches furosemide; a dose with no active order is refused by the gate, in its words', async () => {
    const water = await askAlice('log my water pill');
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(PATIENT_TOOLS);
    expect(water.answer!.proposed[0]).toMatchObject({
      folder: 'doses',
      record: { orderId: 'ord-furosemide', drug: 'furosemide', taken: true },
    });
    gw.model.requests.length = 0;
    const { answer } = await askAlice('log my aspirin');
    const sentence =
      'no active order matches "aspirin" — today\'s orders are furosemide 40 mg (water pill), metoprolol succinate 25 mg (beta blocker), lisinopril 5 mg (blood pressure pill)';
    expect(answer!.acted).toEqual([
      { tool: 'heartcoach.log', ok: false, summary: sentence, refusal: { code: 'bad_request', status: 400 } },
    ]);
    expect(read.lastToolResults(gw.model.requests[1]!)).toEqual([
      expect.objectContaining({ isError: true, text: sentence, toolName: 'heartcoach__log' }),
    ]);
    expect(answer!.proposed).toEqual([]);
    expect(answer!.say).toContain(sentence);
  });

  it('5.3 "Tell my nurse …": a thread row to the nurse; a patient not enrolled is refused by the gate', async () => {
    const before = await threadOf(gw.gateway.sql, gw.demo.addressOf('atria-heart'), gw.demo.addressOf('alice'), 50);
    const { answer } = await askAlice('Tell my nurse my ankle swelling is a bit better this morning');
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(PATIENT_TOOLS);
    expect(gw.model.requests[0]!.body.messages).toHaveLength(1);
    const after = await threadOf(gw.gateway.sql, gw.demo.addressOf('atria-heart'), gw.demo.addressOf('alice'), 50);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      fromAddress: gw.demo.addressOf('alice'),
      fromRole: 'patient',
      toAddress: gw.demo.addressOf('nurse'),
      toName: 'Nora Lind, RN',
      text: 'my ankle swelling is a bit better this morning',
    });
    expect(answer!.acted[0]).toMatchObject({
      tool: 'heartcoach.message',
      ok: true,
      summary: 'sent to Nora Lind, RN (Nurse): "my ankle swelling is a bit better this morning"',
    });

    const sam = await gw.session('stranger');
    gw.model.requests.length = 0;
    const refused = await ask(gw.url, sam, {
      skill: 'heartcoach.ask',
      text: 'Tell my nurse my ankle swelling is a bit better this morning',
      data: {
        cabinet: demoCabinet('Sam Stranger'),
        grant: await gw.cabinetGrant('stranger', [...CABINET_FOLDERS]),
        kind: 'question',
      },
    });
    const sentence = 'you are not enrolled at a practice yet, so there is no care team to write to';
    expect(refused.answer!.acted).toEqual([
      { tool: 'heartcoach.message', ok: false, summary: sentence, refusal: { code: 'not_enrolled', status: 403 } },
    ]);
    expect(read.lastToolResults(gw.model.requests[1]!)[0]).toMatchObject({ isError: true, text: sentence });
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(PATIENT_TOOLS);
    expect(read.system(gw.model.requests[0]!)).toContain('You are not enrolled at a practice yet');
  });
});
