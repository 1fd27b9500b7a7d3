import { findPhrase, parse, type Parsed } from './parse';
import { mentions } from './words';

/**
 * Whether words say a declared term (a tool's term, a skill's cover, the domain lexicon's words): as typed, whole
 * words, or by the lemmas of the words ("shifts" says "shift", "covering the rotas" says "rota"). A word in the past
 * tense says a term only as typed. Never fuzzy.
 */
export type TermSayer = (term: string) => boolean;
/** How a term is said: as typed, only by the lemmas of the words, or not at all. */
export type Said = 'typed' | 'lemma' | null;

function saidOf(words: string, parsed: Parsed): (term: string) => Said {
  const tokens = parsed.tokens.map((t) => (t.tags.has('PastTense') ? { ...t, root: t.norm } : t));
  return (term) =>
    mentions(words, term) ? 'typed' : findPhrase(tokens, term.toLowerCase()).length > 0 ? 'lemma' : null;
}

export function termSayer(words: string, parsed: Parsed = parse(words)): TermSayer {
  const said = saidOf(words, parsed);
  return (term) => said(term) !== null;
}

const SAID = new Map<string, (term: string) => Said>();
/** How the person's words say a term, the last few sentences' parses kept. */
export function howSaid(words: string, term: string): Said {
  let said = SAID.get(words);
  if (said === undefined) {
    said = saidOf(words, parse(words));
    if (SAID.size >= 64) SAID.delete(SAID.keys().next().value!);
    SAID.set(words, said);
  }
  return said(term);
}

export const saysTerm = (words: string, term: string): boolean => howSaid(words, term) !== null;
