import type { Lexicon, SymptomRule, TierAdvice } from './lexicon';
import { mentions } from './words';

/**
 * A symptom in the person's words, tiered by the ontology's doctrine (doctrine.ttl), the most severe rule first —
 * the same table HeartCoach's gateway tiers with. A red-flag tier (call-emergency, flag-urgent) carries what the
 * person is told first, locally, before any model and whether or not HeartCoach is reachable; any other symptom is
 * for HeartCoach's triage.
 */
export type SymptomReading = {
  readonly rule: SymptomRule | null;
  readonly tier: SymptomRule['tier'] | null;
  /** Told first, locally: present for the red-flag tiers only. */
  readonly advice: TierAdvice | null;
};

// Words that say a symptom is being reported even when no doctrine rule names it.
const SYMPTOM_WORDS = ['symptom', 'symptoms', 'pain', 'hurts', 'hurting', 'ache', 'aching', 'nausea', 'nauseous'];

export function symptomOf(words: string, lexicon: Lexicon): SymptomReading | null {
  const rule = lexicon.symptoms.find((r) => r.terms.some((t) => mentions(words, t))) ?? null;
  if (rule === null)
    return SYMPTOM_WORDS.some((w) => mentions(words, w)) ? { rule: null, tier: null, advice: null } : null;
  return { rule, tier: rule.tier, advice: lexicon.advice.find((a) => a.tier === rule.tier) ?? null };
}

/** The red-flag tiers: answered locally first. */
export const isRedFlag = (s: SymptomReading | null): s is SymptomReading & { advice: TierAdvice } =>
  s !== null && s.advice !== null;
