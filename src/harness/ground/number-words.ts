/**
 * The value of a number said in words ("twenty five", "one hundred and twelve", "a dozen"), over the words
 * compromise tagged as a value. Digits are read as typed; this is only the words. A sequence that is not one
 * number ("seven fifty") is read as the numbers it is, one after another.
 */
const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

export const isNumberWord = (w: string): boolean =>
  w in UNITS || w in TENS || w in SCALES || w === 'dozen' || w === 'half';

/** The numbers a run of number words says, each with the words [from, to) it spans (indices into `words`). */
export function numbersOfWords(words: readonly string[]): { from: number; to: number; value: number }[] {
  const out: { from: number; to: number; value: number }[] = [];
  let from = -1;
  let total = 0;
  let current = 0;
  let last: 'unit' | 'tens' | 'scale' | null = null;
  const close = (to: number) => {
    if (from >= 0) out.push({ from, to, value: total + current });
    from = -1;
    total = 0;
    current = 0;
    last = null;
  };
  words.forEach((raw, i) => {
    const w = raw.toLowerCase().replace(/-/g, ' ');
    if (w.includes(' ')) {
      // "twenty-five" typed as one word
      const parts = w.split(' ');
      if (parts.every((p) => p in UNITS || p in TENS)) {
        close(i);
        out.push({ from: i, to: i + 1, value: parts.reduce((a, p) => a + (UNITS[p] ?? TENS[p] ?? 0), 0) });
      } else close(i);
      return;
    }
    if (w === 'and' && from >= 0 && last === 'scale') return;
    if (w === 'dozen') {
      if (from < 0) from = i;
      current = (current === 0 ? 1 : current) * 12;
      last = 'scale';
      return;
    }
    if (w in UNITS) {
      if (last === 'unit' || (last === 'tens' && UNITS[w]! >= 10)) close(i);
      if (from < 0) from = i;
      current += UNITS[w]!;
      last = 'unit';
    } else if (w in TENS) {
      if (last === 'unit' || last === 'tens') close(i);
      if (from < 0) from = i;
      current += TENS[w]!;
      last = 'tens';
    } else if (w in SCALES) {
      if (from < 0) from = i;
      const scale = SCALES[w]!;
      if (scale === 100) current = (current === 0 ? 1 : current) * 100;
      else {
        total += (current === 0 ? 1 : current) * scale;
        current = 0;
      }
      last = 'scale';
    } else close(i);
  });
  close(words.length);
  return out;
}
