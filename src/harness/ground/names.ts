import type { Party } from '../kernel/ports';
import type { Lexicon } from './lexicon';
import type { Parsed } from './parse';

/**
 * Names the person's vault knows, found as spans of the sentence (DESIGN §11): every contact, organization and member
 * by its label and each alias, titles ("Dr."), suffixes ("MD"), commas and possessives set aside; the longest span
 * first, then the leftmost. Whole words only, never fuzzy: "dave" is not "david". A key two parties share
 * ("thompson") is one span with both, so the person is asked to choose.
 */
export type NameIndex = { readonly keys: ReadonlyMap<string, readonly Party[]>; readonly longest: number };
export type NameSpan = {
  /** Tokens [from, to), titles and suffixes around the name included. */
  readonly from: number;
  readonly to: number;
  /** The key the vault knows it by ("dave silva"): the value an argument carries. */
  readonly key: string;
  /** As the person typed it ("Dr. Dave Silva"). */
  readonly said: string;
  /** The name itself as typed, titles, suffixes and a possessive set aside ("Dave Silva"): the argument's word. */
  readonly name: string;
  readonly parties: readonly Party[];
};

/** A name's key: lower case, punctuation and titles or suffixes at either end set aside. */
export function nameKey(name: string, lexicon: Lexicon): string {
  const words = name
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[\s,]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/'s$/, ''))
    .filter((w) => w.length > 0);
  while (words.length > 1 && lexicon.titles.has(words[0]!.replace(/\./g, ''))) words.shift();
  while (words.length > 1 && lexicon.suffixes.has(words[words.length - 1]!.replace(/\./g, ''))) words.pop();
  return words.join(' ');
}

export function nameIndex(parties: readonly Party[], lexicon: Lexicon): NameIndex {
  const keys = new Map<string, Party[]>();
  let longest = 0;
  for (const party of parties) {
    for (const name of new Set([party.label, ...party.aliases].map((n) => nameKey(n, lexicon)))) {
      if (name.length === 0) continue;
      const list = keys.get(name) ?? [];
      if (!list.some((p) => p.address.toLowerCase() === party.address.toLowerCase())) list.push(party);
      keys.set(name, list);
      longest = Math.max(longest, name.split(' ').length);
    }
  }
  return { keys, longest };
}

export function findNames(parsed: Parsed, index: NameIndex, lexicon: Lexicon): NameSpan[] {
  const { tokens } = parsed;
  const candidates: { from: number; to: number; key: string }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let len = Math.min(index.longest, tokens.length - i); len >= 1; len--) {
      const key = tokens
        .slice(i, i + len)
        .map((t) => t.norm)
        .join(' ');
      if (index.keys.has(key)) candidates.push({ from: i, to: i + len, key });
    }
  }
  candidates.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const taken = new Set<number>();
  const spans: NameSpan[] = [];
  for (const c of candidates) {
    let overlap = false;
    for (let k = c.from; k < c.to; k++) if (taken.has(k)) overlap = true;
    if (overlap) continue;
    let from = c.from;
    let to = c.to;
    while (from > 0 && !taken.has(from - 1) && lexicon.titles.has(tokens[from - 1]!.norm.replace(/\./g, ''))) from--;
    while (to < tokens.length && !taken.has(to) && lexicon.suffixes.has(tokens[to]!.norm.replace(/\./g, ''))) to++;
    // "my" is a title only before a name ("my friend Maria"), never taken from an argument's own words otherwise.
    for (let k = from; k < to; k++) taken.add(k);
    spans.push({
      from,
      to,
      key: c.key,
      said: parsed.text.slice(tokens[from]!.start, tokens[to - 1]!.end),
      name: parsed.text
        .slice(tokens[c.from]!.start, tokens[c.to - 1]!.end)
        .replace(/['\u2019]s$/i, '')
        .replace(/[.,;:!?]+$/, ''),
      parties: index.keys.get(c.key)!,
    });
  }
  return spans.sort((a, b) => a.from - b.from);
}
