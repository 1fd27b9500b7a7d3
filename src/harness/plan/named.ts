import { parse, phraseLength } from '../ground/parse';
import { howSaid, termSayer, type TermSayer } from '../ground/terms';
import type { Tool } from '../tools/tools';

/**
 * The offered tools the words name by their declared terms (a tool's terms, a skill's covers), heaviest first: a
 * term weighs its number of words, so "final report" names a tool more plainly than "funder", and half that when
 * only the lemmas of the words say it; a question leans to what reads or answers. `own(other)`: whether one of the terms said for this tool is a word of its own — one the
 * other tool's description (its label, purpose, terms and covers) does not use.
 */
export type Named = {
  readonly tool: Tool;
  readonly terms: readonly string[];
  readonly weight: number;
  own(other: Named): boolean;
};

const VOCABULARY = new WeakMap<Tool, TermSayer>();
function vocabularyOf(tool: Tool): TermSayer {
  let say = VOCABULARY.get(tool);
  if (say === undefined) {
    const c = tool.capability;
    const text = [c.label, c.description, ...c.terms, ...(tool.skill?.covers ?? []), tool.skill?.purpose ?? ''].join(
      '. ',
    );
    say = termSayer(text);
    VOCABULARY.set(tool, say);
  }
  return say;
}

export function namedBy(words: string, tools: readonly Tool[], question: boolean): Named[] {
  const named: Named[] = [];
  for (const tool of tools) {
    const said = [...new Set([...tool.capability.terms, ...(tool.skill?.covers ?? [])])]
      .map((term) => ({ term, how: howSaid(words, term) }))
      .filter((s) => s.how !== null);
    if (said.length === 0) continue;
    const terms = said.map((s) => s.term);
    // A term said as typed weighs its words; said only by the lemmas of the words ("doses" for "dose"), half.
    const weight =
      said.reduce((w, s) => w + phraseLength(s.term) * (s.how === 'typed' ? 1 : 0.5), 0) +
      (question && tool.capability.informational ? 0.5 : 0);
    named.push({ tool, terms, weight, own: (other) => terms.some((t) => !vocabularyOf(other.tool)(t)) });
  }
  return named.sort((a, b) => b.weight - a.weight || (a.tool.id < b.tool.id ? -1 : 1));
}

/**
 * The clauses of a sentence: cut at "and", "then", a comma or a semicolon, a piece with no verb of its own joined
 * to the clause before ("minutes and budget" is one clause; "write the letter, and once it is done put it on the
 * tracker" is two).
 */
export function clausesOf(words: string): string[] {
  const { tokens } = parse(words);
  const pieces: { from: number; to: number }[] = [];
  let from = 0;
  const cut = (to: number) => {
    if (to > from) pieces.push({ from, to });
  };
  tokens.forEach((t, i) => {
    if (['and', 'then'].includes(t.norm)) {
      cut(i);
      from = i + 1;
    } else if (/[,;]/.test(t.post)) {
      cut(i + 1);
      from = i + 1;
    }
  });
  cut(tokens.length);
  const clauses: { from: number; to: number }[] = [];
  for (const p of pieces) {
    const verb = tokens.slice(p.from, p.to).some((t) => t.tags.has('Verb'));
    const last = clauses[clauses.length - 1];
    if (!verb && last !== undefined) last.to = p.to;
    else clauses.push({ ...p });
  }
  return clauses.map((c) => words.slice(tokens[c.from]!.start, tokens[c.to - 1]!.end));
}
