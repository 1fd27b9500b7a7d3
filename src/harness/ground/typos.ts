import type { Lexicon } from './lexicon';
import { knownWord, type Parsed, type Token } from './parse';

/**
 * A slip of the keys where the ask's verb stands ("shwo me my contacts", "snd 4 usdc to carol"): a word the tagger
 * does not read as a verb, one edit (a letter added, dropped, changed, or two swapped) from exactly one verb the
 * ontology's frames know, is read as that verb. Only there, and only at one edit: a name, a number, a word the
 * library's lexicon knows (a verb it read, "shoe" beside "show"), or a word near two verbs is left as typed. A word
 * the lexicon does not know that opens a sentence is tagged a verb by its place alone, so that tag is no reason.
 */
function oneEdit(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [...a].flatMap((c, i) => (c !== b[i] ? [i] : []));
    if (diff.length === 1) return true;
    const [i, j] = diff;
    return diff.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

const VERBS = new WeakMap<Lexicon['frames'], string[]>();
function verbsOf(lexicon: Lexicon): string[] {
  let verbs = VERBS.get(lexicon.frames);
  if (verbs === undefined) {
    verbs = [
      ...new Set(lexicon.frames.flatMap((f) => [...f.verbs, ...f.readVerbs]).filter((v) => /^[a-z]{3,}$/.test(v))),
    ];
    VERBS.set(lexicon.frames, verbs);
  }
  return verbs;
}

/** The sentence with the token at `at` read as the verb it slipped from, or the sentence as it was. */
export function mendVerbSlip(parsed: Parsed, at: number, lexicon: Lexicon, inName: (i: number) => boolean): Parsed {
  const t = parsed.tokens[at];
  if (t === undefined || inName(at) || t.norm.length < 3 || !/^[a-z]+$/.test(t.norm)) return parsed;
  if (knownWord(t.norm) || t.tags.has('Value') || t.tags.has('Pronoun') || t.tags.has('QuestionWord')) return parsed;
  const verbs = verbsOf(lexicon);
  if (verbs.includes(t.norm)) return parsed;
  const near = verbs.filter((v) => oneEdit(t.norm, v));
  if (near.length !== 1) return parsed;
  const verb = near[0]!;
  const mended: Token = { ...t, norm: verb, root: verb, tags: new Set(['Verb', 'Imperative', 'Infinitive']) };
  return { ...parsed, tokens: parsed.tokens.map((x) => (x.i === at ? mended : x)) };
}
