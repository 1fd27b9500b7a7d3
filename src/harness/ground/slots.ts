import type { Lexicon } from './lexicon';
import type { NameSpan } from './names';
import { saysAt, type Parsed, type Token } from './parse';
import type { Segment } from './segments';
import { isNumberWord } from './number-words';
import { isFrameVerb } from './speech';

/**
 * A name the vault does not know, where an argument stands: still asked for under the words the person used,
 * never invented and never filled with the words around it. Politeness, titles, articles and cue words are set
 * aside ("missio nexus please" is "missio nexus"); a name is at most four words and has no number in it.
 */
const STOPS = new Set([
  'to',
  'into',
  'in',
  'at',
  'as',
  'from',
  'for',
  'toward',
  'towards',
  'and',
  'or',
  'with',
  'on',
  'of',
  'back',
  'about',
  'by',
  'so',
  'that',
  'because',
  'but',
  'if',
  'when',
  'then',
  'also',
  'too',
  'please',
  'now',
]);
const ARTICLES = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'this', 'that', 'some', 'new']);
const NOT_NAMES = new Set([
  'contacts',
  'contact',
  'address',
  'book',
  'list',
  'him',
  'her',
  'them',
  'me',
  'us',
  'it',
  'someone',
  'somebody',
  'people',
  'everyone',
  'members',
  'member',
  'group',
  'team',
  'organization',
  'organisation',
  'treasury',
  'usdc',
  'dollars',
  'money',
  'you',
  'i',
  'we',
  'they',
  'he',
  'she',
  'what',
  'who',
  'which',
  'there',
  'here',
  'again',
]);

/** The words of a name between `from` and the next stop, or null when there are none. */
export function nameWordsAt(parsed: Parsed, from: number, to: number, lexicon: Lexicon): string | null {
  const { tokens } = parsed;
  let a = from;
  while (a < to && (ARTICLES.has(tokens[a]!.norm) || lexicon.titles.has(tokens[a]!.norm.replace(/\./g, '')))) a++;
  let b = a;
  while (
    b < to &&
    !stops(tokens[b]!, lexicon) &&
    !politeAt(tokens, b, lexicon) &&
    !tokens[b]!.tags.has('Value') &&
    !isNumberWord(tokens[b]!.norm) &&
    !/\d/.test(tokens[b]!.norm) &&
    !(b > a && tokens[b]!.tags.has('Verb') && !tokens[b]!.tags.has('Noun') && !tokens[b]!.tags.has('Person')) &&
    !(tokens[b]!.norm === 'a' && isNumberWord(tokens[b + 1]?.norm ?? '')) &&
    !(b > a && (NOT_NAMES.has(tokens[b]!.norm) || tokens[b]!.tags.has('QuestionWord')))
  ) {
    b++;
    if (tokens[b - 1]!.post.match(/[,;?!]/)) break;
  }
  while (b > a && isPolite(tokens, b - 1, lexicon)) b--;
  while (b > a && lexicon.suffixes.has(tokens[b - 1]!.norm.replace(/\./g, ''))) b--;
  if (b === a || b - a > 4) return null;
  const words = tokens.slice(a, b);
  if (words.some((t) => NOT_NAMES.has(t.norm) || /\d/.test(t.norm))) return null;
  return parsed.text.slice(words[0]!.start, words[words.length - 1]!.end).replace(/'s$/i, '');
}

/** A politeness phrase starts at `at` ("right now", "if you can"). */
const politeAt = (tokens: readonly Token[], at: number, lexicon: Lexicon) =>
  lexicon.politeness.some((p) => p.includes(' ') && saysAt(tokens, at, p.split(' ')));

/**
 * Several names the vault does not know, listed ("bob, carol and dave"), from `from`: each as said; null when the
 * words there are not a list of two or more names.
 */
export function nameListAt(parsed: Parsed, from: number, to: number, lexicon: Lexicon): string[] | null {
  const { tokens } = parsed;
  const names: string[] = [];
  let at = from;
  while (at < to) {
    const words = nameWordsAt(parsed, at, to, lexicon);
    if (words === null) break;
    names.push(words);
    let next = at;
    while (next < to && !['and', ','].includes(tokens[next]!.norm) && !tokens[next]!.post.includes(',')) {
      if (STOPS.has(tokens[next]!.norm)) return names.length > 1 ? names : null;
      next++;
    }
    if (next < to && tokens[next]!.post.includes(',') && tokens[next]!.norm !== 'and') next++;
    while (next < to && ['and', ','].includes(tokens[next]!.norm)) next++;
    if (next === at || next >= to) break;
    at = next;
  }
  return names.length > 1 ? names : null;
}

const stops = (t: Token, lexicon: Lexicon) => STOPS.has(t.norm) || isFrameVerb(t, lexicon);
const isPolite = (tokens: readonly Token[], at: number, lexicon: Lexicon) =>
  lexicon.politeness.some((p) => {
    const words = p.split(' ');
    return saysAt(tokens, at - words.length + 1, words);
  });

/** The organization a segment names after "to", "into", "in", "at", "join" or "of", when the vault does not know it. */
export function unknownOrganization(
  parsed: Parsed,
  segment: Segment,
  names: readonly NameSpan[],
  lexicon: Lexicon,
): string | null {
  const { tokens } = parsed;
  for (let i = segment.from; i < segment.to; i++) {
    if (!['to', 'into', 'in', 'at', 'join', 'of'].includes(tokens[i]!.norm)) continue;
    if (names.some((n) => n.from === i + 1 || (n.from <= i + 1 && n.to > i + 1))) return null;
    const words = nameWordsAt(parsed, i + 1, segment.to, lexicon);
    if (words !== null) return words;
  }
  return null;
}
