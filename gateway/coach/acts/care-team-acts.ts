import { COACH_TOOLS, MILESTONES } from '../../../src/ontology/health-portal.generated';
import { isRefusal, type MemberDesk, type MemberWrite } from '../../desk/member-desk';
import { entitled, type Standing } from '../../desk/standing';
import type { DeskRecord } from '../../desk/types';
import { refuse } from '../../errors';
import type { Clock, Ids } from '../../ports';
import { roleLabel } from '../brief-format';
import type { ActOutcome } from '../loop';
import { landed, refused, runAct } from './act-kit';

/**
 * The care team's acts, each through both gates (seed 000 §4, DESIGN §10): gate 1 here — is this what the member's
 * roles are for (and, for a milestone, do they own it)? — and gate 2 in the desk (MemberDesk), which verifies the
 * practice's grant on every write. What landed is patched into the current view (step 9), so the brief is rebuilt
 * without a second desk read.
 */
export type CareTeamActState = {
  desk: MemberDesk;
  clock: Clock;
  ids: Ids;
  record: DeskRecord;
  standing: Standing;
  write: MemberWrite;
};

export function careTeamActs(state: CareTeamActState) {
  const { record, standing, write } = state;
  const patientName = record.enrollment.patientName;
  const now = () => state.clock.now().toISOString();
  const gate1 = (capability: string) => {
    const no = entitled(standing, patientName, capability);
    if (no !== null) throw no;
  };

  const message = (input: unknown) =>
    runAct<{ to: string; text: string }>('heartcoach.message', input, async (args) => {
      gate1('message.send');
      const to = args.to.trim().toLowerCase();
      const recipient =
        to === record.enrollment.patient
          ? { name: patientName, address: record.enrollment.patient }
          : record.team.find((m) => m.address === to);
      if (recipient === undefined)
        throw refuse.badRequest(`${args.to.slice(0, 60)} is neither ${patientName} nor on ${patientName}'s care team`);
      const sent = await state.desk.sendMessage(write, {
        id: state.ids.next('msg'),
        fromRole: standing.roles[0]!,
        toAddress: recipient.address,
        toName: recipient.name,
        text: args.text,
        sentAt: now(),
      });
      if (isRefusal(sent)) throw sent;
      record.thread = [...record.thread, sent].slice(-10);
      return landed(
        'heartcoach.message',
        `Sent to ${recipient.name} on the thread (${sent.id}).`,
        `sent to ${recipient.name}: "${args.text.slice(0, 120)}"`,
        `desk/thread/${sent.id}`,
      );
    });

  const alertAck = (input: unknown) =>
    runAct<{ alertId: string; note: string; resolve?: boolean }>('heartcoach.alert.ack', input, async (args) => {
      gate1('alerts.acknowledge');
      const alert = record.alerts.find((a) => a.id === args.alertId);
      if (alert === undefined)
        throw refuse.badRequest(`there is no alert ${args.alertId.slice(0, 60)} on ${patientName}'s desk`);
      if (alert.state === 'resolved')
        throw refuse.badRequest(`alert ${alert.id} is already resolved (by ${alert.acknowledgedByName ?? 'someone'})`);
      const resolve = args.resolve === true;
      const done = await state.desk.acknowledgeAlert(write, { alertId: alert.id, note: args.note, resolve, at: now() });
      if (isRefusal(done)) throw done;
      if (done === null) throw refuse.badRequest(`there is no alert ${alert.id} on ${patientName}'s desk`);
      record.alerts = record.alerts.map((a) => (a.id === done.id ? done : a));
      const verb = resolve ? 'resolved' : 'acknowledged';
      return landed(
        'heartcoach.alert.ack',
        `${verb} alert ${done.id} as ${standing.memberName}.`,
        `${verb} alert ${done.id} — "${args.note.slice(0, 120)}"`,
        `desk/alerts/${done.id}`,
      );
    });

  const transition = (input: unknown) =>
    runAct<{ milestone: string; note?: string }>('heartcoach.transition', input, async (args) => {
      gate1('milestone.record');
      const milestone = MILESTONES.find((m) => m.id === args.milestone)!;
      if (!standing.roles.includes(milestone.owner)) {
        throw refuse.forbidden(
          'not_milestone_owner',
          `${milestone.id} is the ${roleLabel(milestone.owner)}'s to record (hp:milestoneOwner); your role on ${patientName}'s team (${standing.roles.map(roleLabel).join(', ')}) does not own it`,
        );
      }
      const t = record.transition;
      const state0 = t?.milestones.find((m) => m.milestone === milestone.id);
      if (t === null || state0 === undefined)
        throw refuse.badRequest(`${patientName} has no open transition with ${milestone.id}`);
      if (state0.status === 'done')
        throw refuse.badRequest(`${milestone.id} is already recorded done by ${state0.doneByName ?? 'someone'}`);
      const ok = await state.desk.recordMilestone(write, {
        transitionId: t.id,
        milestone: milestone.id,
        as: milestone.owner,
        at: now(),
        note: args.note ?? '',
      });
      if (isRefusal(ok)) throw ok;
      Object.assign(state0, {
        status: 'done',
        doneBy: write.member,
        doneByName: write.memberName,
        doneAs: milestone.owner,
        doneAt: now(),
        note: args.note ?? '',
      });
      return landed(
        'heartcoach.transition',
        `Recorded ${milestone.id} done as ${roleLabel(milestone.owner)}.`,
        `recorded ${milestone.id} done`,
        `desk/transitions/${t.id}/${milestone.id}`,
      );
    });

  const plan = (input: unknown) =>
    runAct<{ plan: string; reason?: string }>('heartcoach.plan', input, async (args) => {
      gate1('plan.write');
      const written = await state.desk.writePlan(write, { id: state.ids.next('plan'), text: args.plan, at: now() });
      if (isRefusal(written)) throw written;
      record.enrollment = { ...record.enrollment, carePlan: args.plan };
      return landed(
        'heartcoach.plan',
        `The care plan for ${patientName} is written.`,
        `wrote the care plan: "${args.plan.slice(0, 120)}"`,
        'desk/plan',
      );
    });

  /** A tool the model named but was not offered: refused by name, with gate 1's own words when it is a desk tool. */
  const notOffered = (toolId: string): ActOutcome => {
    const needs = Object.hasOwn(COACH_TOOLS, toolId) ? COACH_TOOLS[toolId]!.needs : undefined;
    const gate = needs === undefined ? null : entitled(standing, patientName, needs);
    const sentence = `'${toolId}' is not a tool this role is offered`;
    return gate === null
      ? refused(toolId, sentence, { code: 'not_offered', status: 403 })
      : refused(toolId, `${sentence}: ${gate.message}`, { code: gate.code, status: gate.status });
  };

  const act = async (toolId: string, input: unknown): Promise<ActOutcome> => {
    switch (toolId) {
      case 'heartcoach.message':
        return message(input);
      case 'heartcoach.alert.ack':
        return alertAck(input);
      case 'heartcoach.transition':
        return transition(input);
      case 'heartcoach.plan':
        return plan(input);
      default:
        return notOffered(toolId);
    }
  };
  return { act, notOffered };
}
