import type { OutcomeClass } from '../kernel/ontology-view';
import { mentions } from './words';

/**
 * classifyOpenIntent (seed 001 step 3.1): a deterministic word match on the ontology's outcome classes. Exactly one
 * hit types the intent, and the intent digest — bound into every mandate of the run — covers it; zero or two hits
 * leave the intent closed.
 */
export type OpenIntent = { class: string; bounds?: unknown } | null;

export function classifyOpenIntent(words: string, outcomeClasses: Readonly<Record<string, OutcomeClass>>): OpenIntent {
  const hits = Object.values(outcomeClasses).filter((c) => c.terms.some((t) => mentions(words, t)));
  return hits.length === 1 ? { class: hits[0]!.id } : null;
}
