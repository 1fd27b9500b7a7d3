import { ARCHETYPES } from '../../src/ontology/archetypes.generated';
import { COACH_CARD_SKILLS } from '../../src/ontology/health-portal.generated';
import { describeZodError } from '../../src/protocol/errors';
import {
  CoachInsight,
  ConsultationPart,
  type CabinetFolder,
  type CoachAnswer,
  type PatientConsultationKind,
  type Proposed,
} from '../../src/protocol/heartcoach';
import type { ConsultationRequest } from '../a2a/consultation';
import type { Subject } from '../auth/verify-bearer';
import { readDeskRecord } from '../desk/desk-record';
import { refuse } from '../errors';
import { patientActs, type PatientActState } from './acts/patient-acts';
import { buildAnswer, underOf } from './answer';
import { playbookText } from './archetypes';
import { cabinetBrief } from './brief-cabinet';
import { careTeamSection } from './brief-team';
import { APP_CONTRACT, APP_CONTRACT_DIGEST } from './contract';
import type { CoachDeps } from './deps';
import { EMERGENCY_SAY, moreSevere } from './doctrine';
import { runModelLoop } from './loop';
import { validateCoachReply } from './reply';
import { admitToolCall } from './tier-gate';
import { boundTools } from './tools';

const OPENING: Record<PatientConsultationKind, (text: string) => string> = {
  question: (text) => text,
  'check-in': (text) => `[daily check-in] ${text}`,
  symptom: (text) => `[symptom report] ${text}`,
};

/** The skill's archetype first, then every other archetype HeartCoach's ontology gives the patient's face (safety). */
export function patientArchetypeIds(skill: string): string[] {
  const first = COACH_CARD_SKILLS[skill]?.archetype ?? 'heart-coach-patient-coach';
  const face = Object.values(ARCHETYPES)
    .filter((a) => a.appliesTo === 'heartcoach' && a.face === 'patient')
    .map((a) => a.id);
  return [...new Set([first, ...face])];
}

/** Preconditions shared by both consultations (seed 000 step 1): a message, and a model to answer it. */
export function requireWordsAndModel(deps: CoachDeps, request: ConsultationRequest): string {
  const text = (request.text.trim() || request.metadata.message?.trim()) ?? '';
  if (text === '') throw refuse.badRequest('The message is empty: ask HeartCoach something.', 'empty_message');
  if (deps.model === null) throw refuse.unconfigured();
  return text;
}

/** The cabinet the person's agent sent, under a grant the gateway verifies, and no folder beyond it (step 6). */
async function grantedCabinet(
  deps: CoachDeps,
  subject: Subject,
  request: ConsultationRequest,
  kind: PatientConsultationKind,
) {
  if (request.data === null) {
    throw refuse.badRequest(
      "The consultation carries no cabinet: the person's agent sends the granted folders as a data part.",
      'cabinet_missing',
    );
  }
  const part = ConsultationPart.safeParse(request.data);
  if (!part.success)
    throw refuse.badRequest(
      `The consultation's data part was refused — ${describeZodError(part.error).replace(/^The input was refused — /, '')}`,
      'bad_consultation',
    );
  if (part.data.kind !== kind)
    throw refuse.badRequest(`The data part says "${part.data.kind}" but the skill is a ${kind}.`, 'bad_consultation');
  const verdict = await deps.grants.verifyCabinetGrant(part.data.grant, {
    person: subject.address,
    delegate: deps.service.address,
  });
  if (!verdict.ok)
    throw refuse.forbidden('grant_refused', `Your cabinet grant to HeartCoach was refused: ${verdict.reason}`);
  const sent = (Object.keys(part.data.cabinet) as CabinetFolder[]).filter((f) => part.data.cabinet[f] !== undefined);
  const beyond = sent.filter((f) => !verdict.folders.includes(f));
  if (beyond.length > 0) {
    throw refuse.forbidden(
      'folder_not_granted',
      `The cabinet carries folders your grant does not name (${beyond.join(', ')}); HeartCoach reads only what you granted.`,
    );
  }
  return part.data.cabinet;
}

/**
 * The patient's consultation (seed 000 steps 1–12, the "a" path): tier gate, the granted cabinet, the care team at
 * hand, the patient coach's archetype, the bound tools, the brief, the model loop with the patient's acts, the reply
 * (never softer than the doctrine decided), and the CoachInsight returned for the person's agent to file.
 */
export async function coachTurn(
  deps: CoachDeps,
  subject: Subject,
  request: ConsultationRequest,
  kind: PatientConsultationKind,
  skill: string,
): Promise<CoachAnswer> {
  const started = performance.now();
  const tier = admitToolCall({ toolName: 'coach_turn' });
  const text = requireWordsAndModel(deps, request);
  const model = deps.model!;
  const cabinet = await grantedCabinet(deps, subject, request, kind);
  const record = await readDeskRecord(deps.sql, { practice: null, patient: subject.address });
  const archetypes = await deps.archetypes.get(patientArchetypeIds(skill));
  const state: PatientActState = {
    sql: deps.sql,
    clock: deps.clock,
    ids: deps.ids,
    record,
    proposed: [] as Proposed[],
    doctrineTier: null,
    patient: { address: subject.address, name: cabinet.profile?.name ?? subject.name },
    working: structuredClone(cabinet),
  };
  const knownIds = () =>
    new Set(
      [...(state.working.readings ?? []), ...(state.working.doses ?? []), ...(state.working.symptoms ?? [])].map(
        (r) => r.id,
      ),
    );
  const loop = await runModelLoop({
    model,
    playbook: playbookText(archetypes, APP_CONTRACT),
    brief: () =>
      `${cabinetBrief(state.working, deps.clock.now())}\n\n${careTeamSection(state.record, deps.clock.now())}`,
    opening: OPENING[kind](text),
    offer: boundTools({ emr: false }),
    ...patientActs(state),
    validateReply: (input) => validateCoachReply(input, knownIds()),
    ...(request.onActed === undefined ? {} : { onActed: request.onActed }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  const escalationTier =
    state.doctrineTier === null ? loop.reply.tier : moreSevere(loop.reply.tier, state.doctrineTier);
  const say =
    escalationTier === 'call-emergency' && !loop.reply.say.includes(EMERGENCY_SAY)
      ? `${EMERGENCY_SAY} ${loop.reply.say}`.slice(0, 1200)
      : loop.reply.say;
  const under = underOf(archetypes, APP_CONTRACT_DIGEST);
  admitToolCall({ toolName: 'heartcoach.insight.file' });
  const insightId = deps.ids.next('guidance');
  const record0 = CoachInsight.parse({
    id: insightId,
    type: 'heartcoach.guidance',
    at: deps.clock.now().toISOString(),
    consultationKind: kind,
    question: text.slice(0, 2000),
    say,
    because: (loop.reply.because ?? '').slice(0, 1200),
    tier: escalationTier,
    ...(loop.reply.theme === undefined ? {} : { theme: loop.reply.theme }),
    stillToDo: loop.reply.stillToDo ?? [],
    acted: loop.acted,
    builtFrom: loop.reply.builtFrom ?? [],
    archetypes: archetypes.map((a) => a.ref),
    under,
  });
  return buildAnswer({
    consultationKind: kind,
    say,
    escalationTier,
    loop,
    acted: loop.acted,
    proposed: state.proposed,
    insight: { id: insightId, storedIn: `heartcoach/guidance/${insightId}.json`, record: record0 },
    archetypes: archetypes.map((a) => a.ref),
    under,
    model: model.model,
    ms: performance.now() - started,
    tier,
  });
}
