import type { OutsideAgentExecutor } from '../../../harness';
import { consultHeartCoach, HEARTCOACH } from './consult';
import { heartCoachProposals } from './proposals';

/**
 * HeartCoach's glue to the person's agent harness: its consultation as an outside-agent step (./consult.ts: the
 * granted cabinet travels, the answer is checked and attributed) and the records its answer proposes (./proposals.ts),
 * which the harness files under its own gates. The composition root registers it where it creates the harness.
 */
export const heartCoachExecutor: OutsideAgentExecutor = {
  agent: HEARTCOACH.id,
  consult: consultHeartCoach,
  proposals: heartCoachProposals,
};

export { coachSkillFor, consultationKindOf, HEARTCOACH } from './consult';
export { grantedCabinet, type GrantedCabinet } from './cabinet';
