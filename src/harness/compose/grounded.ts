import { numbersIn } from '../ground/words';
import type { Observation } from '../kernel/model-port';

/**
 * checkGroundedComposition (seed 001 step 10): a composed answer must cite only observations that exist, cite at
 * least one when there are any, attribute every outside agent it draws on, and say no number that neither the
 * person nor an observation said. Problems come back in words for the one recompose.
 */
export function checkGroundedComposition(input: {
  text: string;
  citations: readonly string[];
  observations: readonly Observation[];
  words: string;
}): string[] {
  const problems: string[] = [];
  const ids = new Set(input.observations.map((o) => o.id));
  const unknown = input.citations.filter((c) => !ids.has(c));
  if (unknown.length > 0) problems.push(`cites observations that do not exist: ${unknown.join(', ')}`);
  if (input.observations.length > 0 && input.citations.length === 0) problems.push('cites no observation');
  for (const o of input.observations) {
    if (o.attribution !== undefined && input.citations.includes(o.id) && !input.text.includes(o.attribution)) {
      problems.push(`uses ${o.attribution}'s words without saying they are ${o.attribution}'s`);
    }
  }
  const known = new Set([...numbersIn(input.words), ...input.observations.flatMap((o) => [...numbersIn(o.text)])]);
  const invented = [...numbersIn(input.text)].filter((n) => !known.has(n));
  if (invented.length > 0) problems.push(`says numbers nobody observed: ${invented.join(', ')}`);
  return problems;
}

/** The grounded fallback: the observations themselves, attributed, in order. */
export const groundedFallback = (observations: readonly Observation[]): string =>
  observations
    .map((o) =>
      o.attribution !== undefined && !o.text.startsWith(o.attribution) ? `${o.attribution} says: ${o.text}` : o.text,
    )
    .join(' ');
