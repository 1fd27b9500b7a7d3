import type { Cabinet, Proposed, Symptom } from '../../../src/protocol/heartcoach';
import { raiseAlert, appendThread } from '../../desk/writes';
import type { Sql } from '../../desk/sql';
import type { Address, DeskRecord } from '../../desk/types';
import { refuse } from '../../errors';
import type { Clock, Ids } from '../../ports';
import { roleLabel } from '../brief-format';
import { EMERGENCY_SAY, moreSevere, raisesAlert, symptomTier } from '../doctrine';
import type { ActOutcome } from '../loop';
import { landed, refused, runAct } from './act-kit';
import { recordFromLogArgs, type LogArgs } from './record-from-log';

/**
 * The patient's acts (DESIGN §10): heartcoach.log applies to the consultation's working copy of the cabinet and comes
 * back as a proposed record (observation `accepted`) for the person's agent to file; heartcoach.triage tiers the
 * symptom by the doctrine and delivers an alert to the desk above self-care; heartcoach.message writes to the desk as
 * the patient, to a member of their team. The desk write is admitted by the patient's enrolment there.
 */
export type PatientActState = {
  sql: Sql;
  clock: Clock;
  ids: Ids;
  patient: { address: Address; name: string };
  /** The working cabinet: what the next round's brief is built from. */
  working: Cabinet;
  proposed: Proposed[];
  /** The desk record of the practice the patient is enrolled at (patched as acts land), or null. */
  record: DeskRecord | null;
  /** The most severe tier the doctrine decided in this consultation (the reply may not soften it). */
  doctrineTier: 'self-care' | 'tell-care-team' | 'flag-urgent' | 'call-emergency' | null;
};

export function patientActs(state: PatientActState) {
  const now = () => state.clock.now();
  const id = (prefix: string) => state.ids.next(prefix);

  const log = (input: unknown) =>
    runAct<LogArgs>('heartcoach.log', input, async (args) => {
      const made = recordFromLogArgs(args, state.working, { now: now(), id });
      if (made.folder === 'readings') state.working.readings = [...(state.working.readings ?? []), made.record];
      else state.working.doses = [...(state.working.doses ?? []), made.record];
      state.proposed.push({ folder: made.folder, record: made.record, observation: 'accepted' } as Proposed);
      const storedIn = `heartcoach/${made.folder}/${made.record.id}.json`;
      return landed(
        'heartcoach.log',
        `${made.summary} (${made.record.id}) in the working cabinet; the person's agent files it.`,
        made.summary,
        storedIn,
      );
    });

  const triage = (input: unknown) =>
    runAct<{ symptom: string; since?: string }>('heartcoach.triage', input, async (args) => {
      const judgement = symptomTier(args.symptom);
      state.doctrineTier =
        state.doctrineTier === null ? judgement.tier : moreSevere(state.doctrineTier, judgement.tier);
      const symptom: Symptom = { id: id('symptom'), text: args.symptom, at: now().toISOString(), tier: judgement.tier };
      state.working.symptoms = [...(state.working.symptoms ?? []), symptom];
      state.proposed.push({ folder: 'symptoms', record: symptom, observation: 'accepted' });
      const rule =
        judgement.rule === null
          ? 'no doctrine rule names it, so a person on the care team should see it'
          : judgement.rule.label;
      let delivered = 'Nothing was raised: the doctrine calls this self-care.';
      if (raisesAlert(judgement.tier)) {
        if (state.record === null)
          delivered = 'You are not enrolled at a practice yet, so no care team could be alerted.';
        else {
          const alert = await raiseAlert(state.sql, {
            id: id('alert'),
            practice: state.record.enrollment.practice,
            patient: state.patient.address,
            severity: judgement.tier,
            text: `${args.symptom}${args.since === undefined ? '' : ` (since ${args.since})`}`,
            raisedAt: now().toISOString(),
            raisedBy: 'heartcoach',
          });
          state.record.alerts = [alert, ...state.record.alerts];
          delivered = `The care team at ${state.record.enrollment.practiceName} was alerted (${alert.id}).`;
        }
      }
      const head = judgement.tier === 'call-emergency' ? `${EMERGENCY_SAY} ` : '';
      const summary = `reported "${args.symptom.slice(0, 80)}" — ${judgement.tier}`;
      return landed(
        'heartcoach.triage',
        `${head}Doctrine tier: ${judgement.tier} (${rule}). ${delivered}`,
        summary,
        `heartcoach/symptoms/${symptom.id}.json`,
      );
    });

  const message = (input: unknown) =>
    runAct<{ to: string; text: string }>('heartcoach.message', input, async (args) => {
      const record = state.record;
      if (record === null)
        throw refuse.forbidden(
          'not_enrolled',
          'you are not enrolled at a practice yet, so there is no care team to write to',
        );
      const to = record.team.find((m) => m.address === args.to.trim().toLowerCase());
      if (to === undefined) {
        const team = record.team.map((m) => `${m.name} (${m.roles.map(roleLabel).join(', ')})`).join(', ');
        throw refuse.badRequest(
          `${args.to.slice(0, 60)} is not on your care team at ${record.enrollment.practiceName}; the team is ${team}`,
        );
      }
      const sent = await appendThread(state.sql, {
        id: id('msg'),
        practice: record.enrollment.practice,
        patient: state.patient.address,
        fromAddress: state.patient.address,
        fromName: state.patient.name,
        fromRole: 'patient',
        toAddress: to.address,
        toName: to.name,
        text: args.text,
        sentAt: now().toISOString(),
      });
      record.thread = [...record.thread, sent].slice(-10);
      const summary = `sent to ${to.name} (${to.roles.map(roleLabel).join(', ')}): "${args.text.slice(0, 120)}"`;
      return landed(
        'heartcoach.message',
        `Sent on the thread at ${record.enrollment.practiceName} (${sent.id}).`,
        summary,
        `desk/thread/${sent.id}`,
      );
    });

  const notOffered = (toolId: string): ActOutcome =>
    refused(toolId, `'${toolId}' is not a tool this consultation is offered`, { code: 'not_offered', status: 403 });
  const act = async (toolId: string, input: unknown): Promise<ActOutcome> => {
    switch (toolId) {
      case 'heartcoach.log':
        return log(input);
      case 'heartcoach.triage':
        return triage(input);
      case 'heartcoach.message':
        return message(input);
      default:
        return notOffered(toolId);
    }
  };
  return { act, notOffered };
}
