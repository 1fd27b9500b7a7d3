import type { Lexicon, SymptomRule, TierAdvice } from './lexicon';

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

/** Lower case, straight apostrophes, words separated by one space and padded: " i can't breathe ". */
const spaced = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim()} `;

const TERMS = new WeakMap<Lexicon['symptoms'], { rule: SymptomRule; terms: string[] }[]>();
function termsOf(lexicon: Lexicon) {
  let terms = TERMS.get(lexicon.symptoms);
  if (terms === undefined) {
    terms = lexicon.symptoms.map((rule) => ({ rule, terms: rule.terms.map(spaced) }));
    TERMS.set(lexicon.symptoms, terms);
  }
  return terms;
}
const WORDS = SYMPTOM_WORDS.map(spaced);

export function symptomOf(words: string, lexicon: Lexicon): SymptomReading | null {
  const said = spaced(words);
  const rule = termsOf(lexicon).find((r) => r.terms.some((t) => said.includes(t)))?.rule ?? null;
  if (rule === null) return WORDS.some((w) => said.includes(w)) ? { rule: null, tier: null, advice: null } : null;
  return { rule, tier: rule.tier, advice: lexicon.advice.find((a) => a.tier === rule.tier) ?? null };
}

/** The red-flag tiers: answered locally first. */
export const isRedFlag = (s: SymptomReading | null): s is SymptomReading & { advice: TierAdvice } =>
  s !== null && s.advice !== null;
