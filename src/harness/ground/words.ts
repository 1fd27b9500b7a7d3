/**
 * Word matching over the person's own words: whole words or phrases, case-insensitive, never fuzzy. Used by the
 * open-intent classifier, the compiled shapes, the typed reading and admission's from-the-words rules — always on
 * the person's message, never on quoted material.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Straight quotes, one space, trimmed. */
export function normalizeWords(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `phrase` occurs in `text` as whole words (letters and digits on neither side), case-insensitive. */
export function mentions(text: string, phrase: string): boolean {
  const p = normalizeWords(phrase);
  if (p.length === 0) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(p)}(?=$|[^\\p{L}\\p{N}])`, 'iu').test(normalizeWords(text));
}

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  hundred: '100',
  dozen: '12',
};

/** A decimal string in canonical form ("2.50" → "2.5", "1,000" → "1000"), or null when it is not a number. */
export function canonicalNumber(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? canonicalNumber(String(value)) : null;
  if (typeof value !== 'string') return null;
  const s = value.trim().replace(/,/g, '').replace(/^\$/, '');
  const word = NUMBER_WORDS[s.toLowerCase()];
  if (word !== undefined) return word;
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.') as [string, string?];
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f.length > 0 ? `${w}.${f}` : w;
}

/** Every number the words say, canonical: digits (with decimals and thousands commas) and number words. */
export function numbersIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of normalizeWords(text).matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const n = canonicalNumber(m[0]);
    if (n !== null) found.add(n);
  }
  for (const m of normalizeWords(text)
    .toLowerCase()
    .matchAll(/\p{L}+/gu)) {
    const n = NUMBER_WORDS[m[0]];
    if (n !== undefined) found.add(n);
  }
  return found;
}

/** Splits "bob and carol", "bob, carol and dave" into names. */
export function splitNames(text: string): string[] {
  return normalizeWords(text)
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Like `mentions`, also accepting the common inflections of a one-word term (add → added, adds, adding). */
export function mentionsStem(text: string, term: string): boolean {
  const t = normalizeWords(term);
  if (t.length === 0) return false;
  if (/\s/.test(t)) return mentions(text, t);
  const base = t.replace(/e$/, '');
  return new RegExp(
    `(^|[^\\p{L}\\p{N}])(?:${escape(t)}|${escape(base)})(?:s|es|d|ed|ing)?(?=$|[^\\p{L}\\p{N}])`,
    'iu',
  ).test(normalizeWords(text));
}
