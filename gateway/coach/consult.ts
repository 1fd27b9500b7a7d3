import { COACH_CARD_SKILLS } from '../../src/ontology/health-portal.generated';
import type { Consult } from '../a2a/consultation';
import { askMe } from '../ask-me/ask-me';
import { verifyBearer } from '../auth/verify-bearer';
import { careTeamTurn } from './care-team-turn';
import type { CoachDeps } from './deps';
import { coachTurn } from './patient-turn';

/**
 * Seed 000 steps 0.3–2: verify who is asking (the one mechanism, 401 otherwise), then dispatch on the skill and on
 * the `patient` parameter only — never on the words. No patient, or the caller, is the patient's consultation;
 * anyone else is the care team's. heartcoach.ask.me is the other door: a caller assertion for the person's wire.
 */
export function consultation(deps: CoachDeps): Consult {
  return async (request) => {
    const subject = await verifyBearer(deps.bearer, request.authorization);
    const skill = request.metadata.skill;
    if (skill === 'heartcoach.ask.me') return askMe(deps, subject, request);
    const about = (request.metadata.patient ?? '').toLowerCase();
    if (about !== '' && about !== subject.address) return careTeamTurn(deps, subject, request);
    const kind = COACH_CARD_SKILLS[skill]?.consultationKind ?? 'question';
    return coachTurn(deps, subject, request, kind, skill);
  };
}
