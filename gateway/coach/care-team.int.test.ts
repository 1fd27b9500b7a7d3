import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoPersonId } from '../../src/protocol/demo-identities';
import { read } from '../../src/testing/scripted-messages-script';
import { alertsOf, deskRecord, threadOf, transitionOf } from '../desk/reads';
import { raiseAlert } from '../desk/writes';
import { ask } from '../testing/a2a-client';
import { testDatabases } from '../testing/databases';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

/**
 * Seed 000 §5.4–§5.6 over real HTTP: care-team members asking about Alice at Atria Heart. Each test asserts the tool
 * list the scripted model received, the acts, the desk rows after them, and that each refusal sentence was in the
 * tool result the gateway sent (a gate's words, which the script only repeats).
 */
/** A physician's tools while one of their milestones is undone: message, alert ack, transition, plan, coach_reply last. */
const CARDIOLOGIST_TOOLS = [
  'heartcoach__message',
  'heartcoach__alert__ack',
  'heartcoach__transition',
  'heartcoach__plan',
  'coach_reply',
];

describe.each(testDatabases())("the care team's consultation on $name", (database) => {
  let gw: TestGateway;
  const tokens = new Map<DemoPersonId, string>();
  const askAbout = async (member: DemoPersonId, text: string) =>
    ask(gw.url, tokens.get(member)!, {
      skill: 'heartcoach.ask',
      text,
      practice: gw.demo.addressOf('atria-heart'),
      patient: gw.demo.addressOf('alice'),
    });
  const desk = () => ({ practice: gw.demo.addressOf('atria-heart'), alice: gw.demo.addressOf('alice') });

  beforeAll(async () => {
    gw = await startTestGateway(database);
    for (const member of ['dave', 'priya', 'dietitian', 'caregiver'] as const)
      tokens.set(member, await gw.session(member));
  });
  afterAll(() => gw.close());
  beforeEach(() => void (gw.model.requests.length = 0));

  it('5.4 Dave: "Where is Alice in her thirty days …?" — no act, the brief marks visit-7d YOURS TO RECORD', async () => {
    const { answer } = await askAbout('dave', 'Where is Alice in her thirty days, and what is still mine to do?');
    expect(gw.model.requests).toHaveLength(1);
    const request = gw.model.requests[0]!;
    expect(read.toolNames(request)).toEqual(CARDIOLOGIST_TOOLS);
    expect(read.systemTexts(request)[0]).toMatch(/^# heart-coach-physician \(v1\.0\.0, 0x[0-9a-f]{64}\)/);
    const brief = read.systemTexts(request)[1]!;
    expect(brief).toMatch(
      /^# The desk at Atria Heart, about Alice Okoro — read under Dr\. Dave Silva, MD's own grant · now 2026-09-29 11:58/,
    );
    expect(brief).toContain(
      '- visit-7d · Seven-day post-discharge visit · owner Cardiologist · due 2026-10-02 12:00 · DUE · YOURS TO RECORD',
    );
    expect(brief).toContain(
      '- discharge-med-rec · Discharge medication reconciliation · owner Pharmacist · due 2026-09-26 12:00 · DONE by Nathan Reyes as Pharmacist 2026-09-26 10:00',
    );
    expect(answer).toMatchObject({
      consultationKind: 'care-team',
      acted: [],
      insight: null,
      proposed: [],
      about: { patient: desk().alice, patientName: 'Alice Okoro', roles: ['cardiologist'] },
      say: 'Alice is on day 3 after discharge. Still yours to record: visit-7d.',
    });
    expect(answer!.about!.capabilities).toContain('alerts.acknowledge');
  });

  it('5.5 Dave: "Tell Alice …" writes a thread row to Alice; "Acknowledge Alice\'s alert — …" resolves it with his name', async () => {
    const { answer } = await askAbout('dave', 'Tell Alice her potassium was 4.1 and the plan stands');
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(CARDIOLOGIST_TOOLS);
    expect(answer!.acted[0]).toMatchObject({ tool: 'heartcoach.message', ok: true });
    const thread = await threadOf(gw.gateway.sql, desk().practice, desk().alice, 50);
    expect(thread.at(-1)).toMatchObject({
      fromAddress: gw.demo.addressOf('dave'),
      fromName: 'Dr. Dave Silva, MD',
      fromRole: 'cardiologist',
      toAddress: desk().alice,
      text: 'her potassium was 4.1 and the plan stands',
    });

    const ack = await askAbout('dave', "Acknowledge Alice's alert — I called and reviewed the plan");
    expect(read.toolNames(gw.model.requests.at(-1)!)).toEqual(CARDIOLOGIST_TOOLS);
    expect(ack.answer!.acted[0]).toMatchObject({
      tool: 'heartcoach.alert.ack',
      ok: true,
      summary: 'resolved alert alert-alice-0928 — "I called and reviewed the plan"',
    });
    const [alert] = await alertsOf(gw.gateway.sql, desk().practice, desk().alice);
    expect(alert).toMatchObject({
      id: 'alert-alice-0928',
      state: 'resolved',
      acknowledgedByName: 'Dr. Dave Silva, MD',
      note: 'I called and reviewed the plan',
      acknowledgedBy: gw.demo.addressOf('dave'),
    });
    expect(read.system(gw.model.requests.at(-1)!)).toContain('· resolved · ');
  });

  it('5.6 Priya records discharge-med-rec: refused in words naming the owner role, no row written', async () => {
    const before = await transitionOf(gw.gateway.sql, desk().practice, desk().alice);
    const { answer } = await askAbout(
      'priya',
      'Record the discharge medication reconciliation as done — I went through her list.',
    );
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(CARDIOLOGIST_TOOLS); // the primary-care physician's are the same four
    const sentence =
      "discharge-med-rec is the Pharmacist's to record (hp:milestoneOwner); your role on Alice Okoro's team (Primary-care physician) does not own it";
    expect(answer!.acted).toEqual([
      {
        tool: 'heartcoach.transition',
        ok: false,
        summary: sentence,
        refusal: { code: 'not_milestone_owner', status: 403 },
      },
    ]);
    expect(read.lastToolResults(gw.model.requests[1]!)[0]).toMatchObject({ isError: true, text: sentence });
    expect(await transitionOf(gw.gateway.sql, desk().practice, desk().alice)).toEqual(before);
  });

  it('5.6 a dietitian is offered message and coach_reply only; alert.ack named anyway is refused as not offered, by gate 1', async () => {
    const alertsBefore = await alertsOf(gw.gateway.sql, desk().practice, desk().alice);
    const { answer } = await askAbout('dietitian', 'Acknowledge the alert');
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(['heartcoach__message', 'coach_reply']);
    const sentence =
      "'heartcoach.alert.ack' is not a tool this role is offered: your role on Alice Okoro's team (dietitian) is not for alerts.acknowledge — hp:roleEntitles";
    expect(answer!.acted).toEqual([
      { tool: 'heartcoach.alert.ack', ok: false, summary: sentence, refusal: { code: 'not_entitled', status: 403 } },
    ]);
    expect(read.lastToolResults(gw.model.requests[1]!)[0]).toMatchObject({ isError: true, text: sentence });
    expect(await alertsOf(gw.gateway.sql, desk().practice, desk().alice)).toEqual(alertsBefore);
  });

  it("5.6 a caregiver asking for this morning's weight is told it is in the patient's cabinet", async () => {
    const { answer } = await askAbout('caregiver', 'What was her weight this morning?');
    expect(read.toolNames(gw.model.requests[0]!)).toEqual(['heartcoach__message', 'coach_reply']);
    expect(read.system(gw.model.requests[0]!)).not.toMatch(/weight-2026-09-2\d/);
    expect(answer).toMatchObject({ acted: [], about: { roles: ['caregiver'] } });
    expect(answer!.say).toContain('live in THEIR cabinet, not on this desk');
  });

  it('5.6 a member whose practice grant is revoked has every desk write refused by gate 2, though gate 1 admits it', async () => {
    await raiseAlert(gw.gateway.sql, {
      id: 'alert-alice-0929',
      practice: desk().practice,
      patient: desk().alice,
      severity: 'tell-care-team',
      text: 'dizzy when standing',
      raisedAt: '2026-09-29T10:00:00.000Z',
      raisedBy: 'heartcoach',
    });
    await gw.revokePracticeGrant('dave');
    const before = await deskRecord(gw.gateway.sql, desk().practice, desk().alice);
    const writes: Array<[string, string, string]> = [
      ['Tell Alice to keep weighing in every morning', 'heartcoach.message', 'message.send'],
      [
        "Acknowledge Alice's alert — called her, she is fine sitting down",
        'heartcoach.alert.ack',
        'alerts.acknowledge',
      ],
      ['Record the seven-day post-discharge visit as done: seen today', 'heartcoach.transition', 'milestone.record'],
      ['Write the plan: furosemide 40 mg continues; recheck potassium Friday', 'heartcoach.plan', 'plan.write'],
    ];
    for (const [text, tool, capability] of writes) {
      gw.model.requests.length = 0;
      const { answer } = await askAbout('dave', text);
      expect(read.toolNames(gw.model.requests[0]!)).toEqual(CARDIOLOGIST_TOOLS);
      const sentence = `the practice's grant does not admit ${capability}: the practice has revoked this grant.`;
      expect(answer!.about!.capabilities).toContain(capability); // gate 1 admits it
      expect(answer!.acted).toEqual([
        { tool, ok: false, summary: sentence, refusal: { code: 'grant_refused', status: 403 } },
      ]);
      expect(read.lastToolResults(gw.model.requests[1]!)[0]).toMatchObject({ isError: true, text: sentence });
    }
    expect(await deskRecord(gw.gateway.sql, desk().practice, desk().alice)).toEqual(before);
  });
});
