import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import type { DemoPersonId } from '../../src/protocol/demo-identities';
import { read, reply } from '../../src/testing/scripted-messages-script';
import type { RecordedRequest } from '../../src/testing/scripted-messages-types';
import { deskRecord } from '../../gateway/desk/reads';
import { raiseAlert } from '../../gateway/desk/writes';
import { scriptedCoach } from '../../gateway/testing/coach-script';
import { demoCabinet } from '../../gateway/testing/demo-cabinet';
import { ask, type AskResult } from '../../gateway/testing/a2a-client';
import type { TestGateway } from '../../gateway/testing/test-gateway';

/**
 * Reaching past one's role at the gateway: a care-team member naming a tool their role is not offered, a
 * member recording a milestone another role owns, a patient naming care-team tools, a member or a patient asking
 * about a patient or a practice their grant does not reach, a patient's cabinet under someone else's grant — and, last
 * (it cannot be undone on this gateway), every desk write by a member whose practice grant was revoked. Each must be
 * refused with its code, and the desk must not change. The model is scripted to reach; the refusal must come from a
 * gate.
 */
export type RoleOutcome = { id: string; title: string; refused: boolean; code: string };
type Desk = { gw: TestGateway; tokens: Map<DemoPersonId, string> };

/** The acts the answer reports, or the JSON-RPC refusal. */
function outcome(id: string, title: string, r: AskResult): RoleOutcome {
  if (r.body.error !== undefined)
    return {
      id,
      title,
      refused: true,
      code: `${r.body.error.data?.code ?? r.body.error.code} (${r.body.error.data?.status ?? r.status})`,
    };
  const acted = r.answer?.acted ?? [];
  const landed = acted.filter((a) => a.ok);
  const refusal = acted.find((a) => !a.ok)?.refusal;
  if (landed.length > 0) return { id, title, refused: false, code: `ACTED: ${landed.map((a) => a.tool).join(', ')}` };
  return {
    id,
    title,
    refused: refusal !== undefined,
    code: refusal === undefined ? 'no act attempted' : `${refusal.code} (${refusal.status})`,
  };
}

/** A scripted model that names `tool` on the first round, then repeats whatever the gate said. */
const reachFor = (tool: string, input: Record<string, unknown>) => (request: RecordedRequest) => {
  const results = read.lastToolResults(request);
  if (results.length === 0) return reply.tool(tool, input);
  return reply.tool('coach_reply', { say: `I could not: ${results[0]!.text}`, tier: 'self-care' });
};

export async function roleCases({ gw, tokens }: Desk): Promise<RoleOutcome[]> {
  const practice = gw.demo.addressOf('atria-heart');
  const alice = gw.demo.addressOf('alice');
  const about = (member: DemoPersonId, text: string, patient = alice, at = practice) =>
    ask(gw.url, tokens.get(member)!, { skill: 'heartcoach.ask', text, practice: at, patient });
  const out: RoleOutcome[] = [];
  out.push(
    outcome(
      'dietitian-alert-ack',
      'a dietitian naming alert.ack, a tool the role is not offered',
      await about('dietitian', 'Acknowledge the alert'),
    ),
  );
  out.push(
    outcome('caregiver-alert-ack', 'a caregiver naming alert.ack', await about('caregiver', 'Acknowledge the alert')),
  );
  out.push(
    outcome(
      'priya-milestone',
      "a primary-care physician recording the pharmacist's milestone",
      await about('priya', 'Record the discharge medication reconciliation as done — I went through her list.'),
    ),
  );
  gw.model.setScript(reachFor('heartcoach__transition', { milestone: 'visit-7d', note: 'done' }));
  out.push(
    outcome(
      'dietitian-transition',
      'a dietitian naming transition (milestone.record)',
      await about('dietitian', 'Mark the seven-day visit done'),
    ),
  );
  gw.model.setScript(scriptedCoach);
  out.push(
    outcome(
      'stranger-patient',
      'a cardiologist asking about a patient not on their team',
      await about('dave', 'How is Sam?', gw.demo.addressOf('stranger')),
    ),
  );
  out.push(
    outcome(
      'other-practice',
      'a cardiologist asking at a practice they are not on',
      await about('dave', 'How is Alice?', alice, gw.demo.addressOf('stranger')),
    ),
  );
  out.push(
    outcome(
      'patient-as-member',
      'a patient asking the desk about another patient',
      await about('alice', 'How is Bob?', gw.demo.addressOf('bob')),
    ),
  );

  const data = (grant: unknown) => ({ cabinet: demoCabinet(), grant, kind: 'question' });
  gw.model.setScript(reachFor('heartcoach__alert__ack', { alertId: 'alert-alice-0928', note: 'fine' }));
  out.push(
    outcome(
      'patient-care-tool',
      "a patient's consultation naming a care-team tool (alert.ack)",
      await ask(gw.url, tokens.get('alice')!, {
        skill: 'heartcoach.ask',
        text: 'Acknowledge my alert',
        data: data(await gw.cabinetGrant('alice', [...CABINET_FOLDERS])),
      }),
    ),
  );
  gw.model.setScript(scriptedCoach);
  out.push(
    outcome(
      'foreign-cabinet',
      "Alice's consultation carrying Bob's cabinet grant",
      await ask(gw.url, tokens.get('alice')!, {
        skill: 'heartcoach.ask',
        text: 'How is my week going?',
        data: data(await gw.cabinetGrant('bob', [...CABINET_FOLDERS])),
      }),
    ),
  );
  out.push(
    outcome(
      'widened-cabinet',
      'a cabinet carrying folders its grant does not name',
      await ask(gw.url, tokens.get('alice')!, {
        skill: 'heartcoach.ask',
        text: 'How is my week going?',
        data: data(await gw.cabinetGrant('alice', ['readings'])),
      }),
    ),
  );

  await raiseAlert(gw.gateway.sql, {
    id: 'alert-proof-0929',
    practice,
    patient: alice,
    severity: 'tell-care-team',
    text: 'dizzy when standing',
    raisedAt: '2026-09-29T10:00:00.000Z',
    raisedBy: 'heartcoach',
  });
  await gw.revokePracticeGrant('dave');
  const before = JSON.stringify(await deskRecord(gw.gateway.sql, practice, alice));
  const writes: [string, string][] = [
    ['revoked-message', 'Tell Alice to keep weighing in every morning'],
    ['revoked-alert-ack', "Acknowledge Alice's alert — called her, she is fine sitting down"],
    ['revoked-transition', 'Record the seven-day post-discharge visit as done: seen today'],
    ['revoked-plan', 'Write the plan: furosemide 40 mg continues; recheck potassium Friday'],
  ];
  for (const [id, text] of writes)
    out.push(
      outcome(
        id,
        `a desk write without the practice's grant (revoked): "${text.slice(0, 40)}…"`,
        await about('dave', text),
      ),
    );
  if (JSON.stringify(await deskRecord(gw.gateway.sql, practice, alice)) !== before)
    out.push({
      id: 'revoked-desk-changed',
      title: 'the desk after the refused writes',
      refused: false,
      code: 'THE DESK CHANGED',
    });
  return out;
}
