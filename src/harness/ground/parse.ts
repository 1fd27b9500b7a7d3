import nlp from 'compromise/two';
import { isNumberWord, numbersOfWords } from './number-words';

/**
 * The sentence as tokens, by compromise (tokens, lemmas, parts of speech, which words are numbers): the one place
 * the NLP library is called. compromise 14 was chosen by measurement: its tagger build (compromise/two) is 301 kB
 * minified in the worker (365 kB with the number and entity plugins of the full build, whose number values a small
 * table gives here; 3.66 MB for wink-nlp with its English model, more than the worker's whole budget), ~1–2 ms a
 * sentence, and it runs the same in the MV3 worker and in Node (no eval, no weights fetched: its lexicon ships in
 * the package).
 */
export type Token = {
  readonly i: number;
  /** As typed, without surrounding punctuation. */
  readonly text: string;
  /** Lower case, straight quotes, no possessive "'s", no punctuation at either end. */
  readonly norm: string;
  /** The lemma ("added" → "add", "lunches" → "lunch"), else norm. */
  readonly root: string;
  readonly tags: ReadonlySet<string>;
  /** Offsets in the sentence as given. */
  readonly start: number;
  readonly end: number;
  /** Punctuation typed right after it (",", "?"). */
  readonly post: string;
  /** Typed with a leading currency sign ("$5"). */
  readonly currencySign: boolean;
};
/** A number compromise read, over tokens [from, to), canonical ("7.50" → "7.5", "twenty five" → "25"). */
export type NumberSpan = { readonly from: number; readonly to: number; readonly value: string };
export type Parsed = {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly numbers: readonly NumberSpan[];
};

type JsonTerm = {
  text: string;
  pre: string;
  post: string;
  normal: string;
  root?: string | null;
  tags: string[];
  id: string;
  offset: { start: number; length: number };
};

const straight = (s: string) => s.replace(/[\u2018\u2019\u02bc]/g, "'").replace(/[\u201c\u201d]/g, '"');
const bareOf = (s: string) =>
  straight(s)
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}']+$/gu, '')
    .replace(/^\$/, '')
    .replace(/'+$/, '');
/** A possessive loses its "'s" ("Missio Nexus's" → "nexus"); "who's", "what's", "it's" keep theirs. */
const normOf = (s: string, tags?: ReadonlySet<string>) => {
  const bare = bareOf(s);
  const possessive = tags === undefined || tags.has('Possessive') || (tags.has('Noun') && !tags.has('Pronoun'));
  return possessive && !tags?.has('QuestionWord') ? bare.replace(/'s$/, '') : bare;
};
const DIGITS = /^\$?\d[\d,]*(\.\d+)?$/;

/** A canonical decimal for a finite number (no exponent, no trailing zeros). */
export function canonicalOf(n: number): string | null {
  if (!Number.isFinite(n) || n < 0 || n > 1e15) return null;
  const s = n.toFixed(6).replace(/\.?0+$/, '');
  return s === '' ? '0' : s;
}

type Lexical = { one: { lexicon: Readonly<Record<string, unknown>> } };
const LEXICON = (nlp as unknown as { model: () => Lexical }).model().one.lexicon;

/**
 * Whether the library's own lexicon knows the word ("show", "shoe", "dave"): a word it only guessed a tag for from
 * where it stands ("shwo" opening a sentence, guessed a verb) is not one it knows.
 */
export const knownWord = (norm: string): boolean => Object.prototype.hasOwnProperty.call(LEXICON, norm);

export function parse(text: string): Parsed {
  const doc = nlp(straight(text));
  doc.compute('root');
  const terms = (doc.json({ offset: true }) as { terms: JsonTerm[] }[]).flatMap((s) => s.terms);
  const tokens: Token[] = [];
  const indexOfId = new Map<string, number>();
  for (const t of terms) {
    if (t.text === '') continue; // a contraction's implied word ("what's" → "is")
    indexOfId.set(t.id, tokens.length);
    const tags = new Set(t.tags);
    const norm = normOf(t.text, tags);
    tokens.push({
      i: tokens.length,
      text: t.text,
      norm,
      root: typeof t.root === 'string' && t.root !== '' ? normOf(t.root) : norm,
      tags,
      start: t.offset.start,
      end: t.offset.start + t.offset.length,
      post: t.post.trim(),
      currencySign: /\$/.test(t.pre) || /^\$/.test(t.text),
    });
  }
  const numbers: NumberSpan[] = [];
  // Number words compromise tagged as values ("twenty five", "a dozen"), read by the table in number-words.ts.
  for (let i = 0; i < tokens.length;) {
    const isWord = (t: Token) =>
      (t.tags.has('Value') || t.norm === 'dozen') && (isNumberWord(t.norm) || t.norm === 'and');
    if (!isWord(tokens[i]!) || tokens[i]!.norm === 'and') {
      i++;
      continue;
    }
    let j = i;
    while (j < tokens.length && isWord(tokens[j]!)) j++;
    for (const n of numbersOfWords(tokens.slice(i, j).map((t) => t.norm))) {
      const value = canonicalOf(n.value);
      if (value !== null) numbers.push({ from: i + n.from, to: i + n.to, value });
    }
    i = j;
  }
  // Digits, as typed ("5", "$7.50", "1,000"), wherever compromise put them (it can take "bob 5" for a name).
  for (const t of tokens) {
    if (!DIGITS.test(t.text.replace(/[.,!?;:]+$/, ''))) continue;
    const value = canonicalOf(Number(t.text.replace(/[$,]/g, '').replace(/[.!?;:]+$/, '')));
    if (value !== null) numbers.push({ from: t.i, to: t.i + 1, value });
  }
  numbers.sort((a, b) => a.from - b.from);
  return { text, tokens, numbers };
}

/**
 * Whether a typed word is a cue word, allowing one slip (a letter missed, added, changed or two swapped) in words
 * of five letters or more ("invte", "contcts"). Only for cue words: names are never matched fuzzily.
 */
export function sameWord(typed: string, cue: string, slips: boolean): boolean {
  if (typed === cue) return true;
  if (!slips || cue.length < 5 || Math.abs(typed.length - cue.length) > 1) return false;
  if (typed[0] !== cue[0]) return false;
  // An inflection is another word, not a slip ("record" is not "records").
  const [short, long] = typed.length < cue.length ? [typed, cue] : [cue, typed];
  if (long.startsWith(short) && /^(s|d)$/.test(long.slice(short.length))) return false;
  return editsAtMostOne(typed, cue);
}

function editsAtMostOne(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Whether tokens [at, at + words.length) say `phrase` (norms or lemmas; `slips`: one typo a long word). */
export function saysAt(tokens: readonly Token[], at: number, phrase: readonly string[], slips = false): boolean {
  if (at < 0 || at + phrase.length > tokens.length) return false;
  return phrase.every((w, k) => {
    const t = tokens[at + k]!;
    const bare = w.replace(/'/g, '');
    return (
      t.norm === w ||
      t.root === w ||
      t.norm.replace(/'/g, '') === bare ||
      sameWord(t.norm, w, slips) ||
      sameWord(t.root, w, slips)
    );
  });
}

/** Every position in [from, to) where `phrase` (space-separated words) is said. */
export function findPhrase(
  tokens: readonly Token[],
  phrase: string,
  from = 0,
  to = tokens.length,
  slips = false,
): number[] {
  const words = phrase.split(' ').filter((w) => w.length > 0);
  const at: number[] = [];
  for (let i = from; i + words.length <= to; i++) if (saysAt(tokens, i, words, slips)) at.push(i);
  return at;
}

export const phraseLength = (phrase: string): number => phrase.split(' ').filter((w) => w.length > 0).length;
