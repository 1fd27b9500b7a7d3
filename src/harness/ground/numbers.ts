import type { Lexicon, NumberRole } from './lexicon';
import type { Parsed, Token } from './parse';
import { saysAt } from './parse';

/**
 * Numbers bound to their role (DESIGN §11): an amount is a number attached to a currency ("5 USDC", "$5",
 * "5 dollars", "five usdc"); a dose, a count of steps, a weight or a time by its own unit; a number followed by
 * another noun counts that noun ("the 40 lunches") and is never an amount. A number with no cue at all is bare:
 * only a frame that says so may take a bare number next to the payee as the amount ("pay bob 5").
 */
export type BoundNumber = {
  readonly from: number;
  /** Exclusive; the unit word included. */
  readonly to: number;
  readonly value: string;
  readonly role: NumberRole | 'bare';
  /** The unit the cue names ("USDC"), or the noun it counts ("lunch"). */
  readonly unit: string | null;
};

const unitAt = (tokens: readonly Token[], at: number, lexicon: Lexicon) => {
  for (const cue of lexicon.units)
    for (const word of [...cue.words].sort((a, b) => b.length - a.length)) {
      const words = word.split(' ');
      if (saysAt(tokens, at, words)) return { cue, length: words.length };
    }
  return null;
};

export function bindNumbers(parsed: Parsed, lexicon: Lexicon, nameTokens: ReadonlySet<number>): BoundNumber[] {
  const { tokens } = parsed;
  const out: BoundNumber[] = [];
  for (const n of parsed.numbers) {
    if ([...Array(n.to - n.from).keys()].some((k) => nameTokens.has(n.from + k))) continue;
    const first = tokens[n.from]!;
    const last = tokens[n.to - 1]!;
    const after = unitAt(tokens, n.to, lexicon);
    const before = n.from > 0 ? unitAt(tokens, n.from - 1, lexicon) : null;
    if (first.currencySign) {
      out.push({ from: n.from, to: n.to, value: n.value, role: 'amount', unit: 'USDC' });
    } else if (after !== null) {
      out.push({ from: n.from, to: n.to + after.length, value: n.value, role: after.cue.role, unit: after.cue.unit });
    } else if (before !== null && before.cue.role === 'amount' && before.length === 1) {
      out.push({ from: n.from - 1, to: n.to, value: n.value, role: 'amount', unit: before.cue.unit });
    } else if (
      /:\d/.test(last.text) ||
      first.tags.has('Date') ||
      first.tags.has('Time') ||
      /^\d+(st|nd|rd|th)$/.test(first.norm)
    ) {
      out.push({ from: n.from, to: n.to, value: n.value, role: 'date', unit: 'time' });
    } else {
      const next = tokens[n.to];
      const counts = next !== undefined && !nameTokens.has(n.to) && next.tags.has('Noun') && !next.tags.has('Pronoun');
      out.push({
        from: n.from,
        to: counts ? n.to + 1 : n.to,
        value: n.value,
        role: counts ? 'count' : 'bare',
        unit: counts ? next.root : null,
      });
    }
  }
  return out;
}
