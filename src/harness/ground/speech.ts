import { cueWords, type FrameAct, type Lexicon } from './lexicon';
import { findPhrase, phraseLength, saysAt, type Parsed, type Token } from './parse';

/**
 * The speech act (DESIGN §11, "a question never writes"): a question reads; a request acts, however politely it is
 * put ("can you …", "please …", "I need to …", or a sentence that opens with a verb); a fact to keep ("remember
 * that …") writes memory; greetings, thanks, goodbyes and asks for help are small talk, answered with what this
 * agent can do. Cues come from the ontology; compromise says whether the first word is a verb.
 */
export type SpeechReading = {
  readonly act: FrameAct;
  /** Where the ask's own words start, after a greeting or a polite opener ("Hi! could you …"). */
  readonly from: number;
};

const SORTED = new Map<string, string[][]>();
/** The cue phrases as words, longest first (memoised: the cue lists are the ontology's, fixed). */
const longestFirst = (words: readonly string[]): string[][] => {
  const key = words.join('\u0000');
  let sorted = SORTED.get(key);
  if (sorted === undefined) {
    sorted = [...words].sort((a, b) => phraseLength(b) - phraseLength(a)).map((w) => w.split(' '));
    if (SORTED.size < 256) SORTED.set(key, sorted);
  }
  return sorted;
};

/**
 * A cue is said in its own tense: a word in the past tense says a cue word only as typed, never by its lemma
 * ("what did you do today" asks what was done; it is not "what do you do").
 */
const inTense = (tokens: readonly Token[], at: number, words: readonly string[]) =>
  words.every((w, k) => {
    const t = tokens[at + k]!;
    return !t.tags.has('PastTense') || saysAt([{ ...t, root: t.norm }], 0, [w], true);
  });

/** The length of the cue said at `at`, or 0. */
function cueAt(tokens: readonly Token[], at: number, words: readonly string[]): number {
  for (const w of longestFirst(words)) if (saysAt(tokens, at, w, true) && inTense(tokens, at, w)) return w.length;
  return 0;
}

/** Whether the tokens [from, end) are nothing but these cues and politeness. */
function onlyCues(tokens: readonly Token[], from: number, words: readonly string[], lexicon: Lexicon): boolean {
  let at = from;
  let said = 0;
  while (at < tokens.length) {
    const n = cueAt(tokens, at, words);
    const p = n === 0 ? cueAt(tokens, at, [...lexicon.politeness, 'me', 'you', 'there', 'so', 'much', 'very']) : 0;
    if (n === 0 && p === 0) return false;
    if (n > 0) said++;
    at += n + p;
  }
  return said > 0;
}

/** Whether nothing but politeness follows `from` ("what can you do for me"). */
const politeFrom = (tokens: readonly Token[], from: number, lexicon: Lexicon) =>
  from >= tokens.length || onlyCues(tokens, from, lexicon.politeness, lexicon);

export function speechActOf(parsed: Parsed, lexicon: Lexicon): SpeechReading {
  const { tokens } = parsed;
  const smallTalk = (['help', 'greeting', 'thanks', 'farewell'] as const).find((act) =>
    onlyCues(tokens, 0, cueWords(lexicon, act), lexicon),
  );
  if (smallTalk !== undefined) return { act: smallTalk, from: 0 };
  // A greeting before the ask is set aside ("hi, can you pay bob 5?").
  let from = 0;
  for (let guard = 0; guard < 3; guard++) {
    const g = cueAt(tokens, from, [...cueWords(lexicon, 'greeting'), 'ok', 'okay', 'so', 'hey', 'um', 'oh']);
    if (g === 0) break;
    from += g;
  }
  // "What can you do about …" is help only when nothing follows; a help opener before an ask is the ask.
  const help = cueAt(
    tokens,
    from,
    cueWords(lexicon, 'help').filter((w) => phraseLength(w) >= 3),
  );
  if (help > 0 && politeFrom(tokens, from + help, lexicon)) return { act: 'help', from };
  let request = false;
  for (let guard = 0; guard < 3; guard++) {
    const r = cueAt(tokens, from, cueWords(lexicon, 'request'));
    if (r === 0) break;
    request = true;
    from += r;
  }
  const keep = cueAt(tokens, from, cueWords(lexicon, 'keep'));
  if (keep > 0) return { act: 'keep', from };
  if (request) return { act: 'request', from };
  const first = tokens[from];
  if (first === undefined) return { act: 'statement', from };
  const questionWord = cueAt(tokens, from, cueWords(lexicon, 'question')) > 0 || first.tags.has('QuestionWord');
  const asked = tokens[tokens.length - 1]?.post.includes('?') === true || /\?\s*$/.test(parsed.text);
  if (questionWord || asked) return { act: 'question', from };
  const verb = first.tags.has('Imperative') || (first.tags.has('Infinitive') && !first.tags.has('Noun'));
  if (verb || isFrameVerb(first, lexicon)) return { act: 'request', from };
  // "I need to pay bob …" inside a sentence is a request too.
  if (findPhrase(tokens, 'need to', from).length > 0 || findPhrase(tokens, 'want to', from).length > 0)
    return { act: 'request', from };
  return { act: 'statement', from };
}

/**
 * The length of the request cues a clause opens with at `at` ("can you", "please", "could you please"), or 0: a
 * later clause may ask for the act ("Missio Nexus needs David too, can you invite him?").
 */
export function requestCueAt(tokens: readonly Token[], at: number, lexicon: Lexicon): number {
  let n = 0;
  for (let guard = 0; guard < 3; guard++) {
    const r = cueAt(tokens, at + n, cueWords(lexicon, 'request'));
    if (r === 0) break;
    n += r;
  }
  return n;
}

export const isFrameVerb = (token: Token, lexicon: Lexicon): boolean =>
  lexicon.frames.some((f) => f.verbs.some((v) => !v.includes(' ') && (token.root === v || token.norm === v)));
