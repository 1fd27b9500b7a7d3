import { CARE_ROLES } from '../../src/ontology/health-portal.generated';
import type { CoachAnswer } from '../../src/protocol/heartcoach';
import type { ConsultationRequest } from '../a2a/consultation';
import type { Subject } from '../auth/verify-bearer';
import { deskRecord, memberName, practiceAt } from '../desk/reads';
import { entitled, notOnTeam, standingOf } from '../desk/standing';
import type { Address } from '../desk/types';
import { refuse } from '../errors';
import { careTeamActs } from './acts/care-team-acts';
import { buildAnswer, underOf } from './answer';
import { playbookText } from './archetypes';
import { deskBrief } from './brief-desk';
import { CARE_TEAM_CONTRACT, CARE_TEAM_CONTRACT_DIGEST } from './contract';
import type { CoachDeps } from './deps';
import { runModelLoop } from './loop';
import { requireWordsAndModel } from './patient-turn';
import { validateCoachReply } from './reply';
import { admitToolCall } from './tier-gate';
import { careTeamTools } from './tools';

/**
 * The care team's consultation (seed 000 steps 1–12, the "b" path): a member asking about a patient at a practice.
 * Standing is read from the desk before any model runs (not a member → 404; not on the team → 404; the role not for
 * chart.read → 403), the member's roles choose the archetypes and the tools, every act meets both gates, and nothing
 * is filed — the insight is the patient's record and this consultation was not theirs.
 */
export async function careTeamTurn(
  deps: CoachDeps,
  subject: Subject,
  request: ConsultationRequest,
): Promise<CoachAnswer> {
  const started = performance.now();
  const tier = admitToolCall({ toolName: 'care_team_turn' });
  const practiceAddress = request.metadata.practice?.toLowerCase() as Address | undefined;
  if (practiceAddress === undefined) {
    throw refuse.badRequest(
      'A care-team Ask about a patient names the practice too; it was missing.',
      'practice_required',
    );
  }
  const text = requireWordsAndModel(deps, request);
  const model = deps.model!;
  const practice = await practiceAt(deps.sql, practiceAddress);
  const name = practice === null ? null : await memberName(deps.sql, practice.address, subject.address);
  if (practice === null || name === null) {
    throw refuse.notFound(
      'you are not a member of that practice on this desk — or your grant does not reach it',
      'not_a_member',
    );
  }
  const patient = request.metadata.patient!.toLowerCase() as Address;
  const record = await deskRecord(deps.sql, practice.address, patient);
  if (record === null) throw notOnTeam();
  const standing = standingOf(record, { address: subject.address, name }, practice.steward);
  const notEntitled = entitled(standing, record.enrollment.patientName, 'chart.read');
  if (notEntitled !== null) throw notEntitled;

  const archetypes = await deps.archetypes.get(standing.roles.map((role) => CARE_ROLES[role].archetype));
  const write = { practice: practice.address, patient, member: standing.member, memberName: name };
  const knownIds = () =>
    new Set([
      ...record.alerts.map((a) => a.id),
      ...record.thread.map((m) => m.id),
      ...(record.transition?.milestones ?? []).map((m) => m.milestone),
    ]);
  const loop = await runModelLoop({
    model,
    playbook: playbookText(archetypes, CARE_TEAM_CONTRACT),
    brief: () => deskBrief(record, standing, deps.clock.now()),
    opening: text,
    offer: careTeamTools(standing.roles, record.transition),
    ...careTeamActs({ desk: deps.desk, clock: deps.clock, ids: deps.ids, record, standing, write }),
    validateReply: (input) => validateCoachReply(input, knownIds()),
    ...(request.onActed === undefined ? {} : { onActed: request.onActed }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  return buildAnswer({
    consultationKind: 'care-team',
    about: {
      patient,
      patientName: record.enrollment.patientName,
      roles: [...standing.roles],
      capabilities: standing.capabilities,
    },
    say: loop.reply.say,
    escalationTier: loop.reply.tier,
    loop,
    acted: loop.acted,
    proposed: [],
    insight: null,
    archetypes: archetypes.map((a) => a.ref),
    under: underOf(archetypes, CARE_TEAM_CONTRACT_DIGEST),
    model: model.model,
    ms: performance.now() - started,
    tier,
  });
}
