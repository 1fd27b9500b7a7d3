import {
  ESCALATION_TIERS,
  SYMPTOM_DOCTRINE,
  type EscalationTier,
  type SymptomRule,
} from '../../src/ontology/health-portal.generated';

/**
 * The doctrine outside the model (seed 000 §4): the tier of a symptom is computed here from the ontology's table, the
 * most severe rule first, never by the model. A symptom no rule names is told to the care team — a person decides
 * what it means, not a default of "fine".
 */
export type SymptomJudgement = { tier: EscalationTier; rule: SymptomRule | null };

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');

export function symptomTier(words: string): SymptomJudgement {
  const said = normalise(words);
  const rule = SYMPTOM_DOCTRINE.find((r) => r.terms.some((term) => said.includes(normalise(term))));
  return rule === undefined ? { tier: 'tell-care-team', rule: null } : { tier: rule.tier, rule };
}

/** Whether a tier goes to the desk: anything above self-care is delivered as an alert (delivered, never decided). */
export const raisesAlert = (tier: EscalationTier): boolean => ESCALATION_TIERS.indexOf(tier) > 0;

/** The gateway's own words at call-emergency, in the tool result before the model composes anything. */
export const EMERGENCY_SAY = 'Call 911 now. Do not wait for the coach.';

/** The more severe of two tiers (the reply may not soften what the doctrine decided). */
export const moreSevere = (a: EscalationTier, b: EscalationTier): EscalationTier =>
  ESCALATION_TIERS.indexOf(a) >= ESCALATION_TIERS.indexOf(b) ? a : b;
