import type { SymptomReading } from './symptoms';

/**
 * What a person is told first, locally, for a red-flag symptom (the doctrine's tier, the ontology's advice): before
 * any model is asked and whether or not HeartCoach is reachable. The tier travels with it so the side panel can
 * show it (red for call-emergency, amber for flag-urgent), as HeartCoach's own page does.
 */
export type UrgentAnswer = {
  tier: string;
  /** red: call emergency services now; amber: the care team today. */
  colour: 'red' | 'amber';
  text: string;
  emergencyNumber: string | null;
};

export function urgentAnswer(symptom: SymptomReading): UrgentAnswer | null {
  if (symptom.advice === null || symptom.tier === null) return null;
  const red = symptom.tier === 'call-emergency';
  const because = symptom.rule !== null ? ` (${symptom.rule.label.toLowerCase()})` : '';
  return {
    tier: symptom.tier,
    colour: red ? 'red' : 'amber',
    text: `${symptom.advice.say} ${symptom.advice.detail}${because ? ` You said something that sounds like this${because}.` : ''}`,
    emergencyNumber: symptom.advice.emergencyNumber ?? null,
  };
}
