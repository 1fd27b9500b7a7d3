import type { Lexicon } from './lexicon';
import type { NameSpan } from './names';
import type { BoundNumber } from './numbers';
import type { Parsed } from './parse';
import { isFrameVerb, requestCueAt } from './speech';

/**
 * More than one intent in a sentence: "add dave and invite him to missio" (a second verb), "pay bob 5 and carol 3"
 * or "send 5 usdc to bob and 3 usdc to carol" (the verb of a payment carried over to a second payee and amount).
 * A list of names under one verb ("invite bob and carol to missio") stays one intent that fans out.
 */
export type Segment = {
  readonly from: number;
  readonly to: number;
  /** The token of the verb carried over from the segment before, when this one has none of its own. */
  readonly carriedVerb: number | null;
};

const JOINERS = new Set(['and', 'then', 'also', 'plus', 'after', 'afterwards', 'next']);

export function segmentsOf(
  parsed: Parsed,
  from: number,
  names: readonly NameSpan[],
  numbers: readonly BoundNumber[],
  lexicon: Lexicon,
): Segment[] {
  const { tokens } = parsed;
  const inName = (i: number) => names.some((n) => i >= n.from && i < n.to);
  const numberIn = (a: number, b: number) => numbers.some((n) => n.from >= a && n.from < b);
  const nameIn = (a: number, b: number) => names.some((n) => n.from >= a && n.from < b);
  const verbIn = (a: number, b: number) => {
    for (let i = a; i < b; i++) if (!inName(i) && isFrameVerb(tokens[i]!, lexicon)) return i;
    return null;
  };
  // Candidate boundaries: a joining word, or a comma or semicolon typed after a token.
  const cuts: { at: number; next: number }[] = [];
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (JOINERS.has(t.norm) && !inName(i) && i > from) {
      let next = i + 1;
      while (next < tokens.length && JOINERS.has(tokens[next]!.norm)) next++;
      cuts.push({ at: i, next });
    } else if ((t.post.includes(',') || t.post.includes(';')) && !inName(i) && !inName(i + 1))
      cuts.push({ at: i + 1, next: i + 1 });
  }
  const segments: Segment[] = [];
  let start = from;
  let carried: number | null = null;
  for (let c = 0; c < cuts.length; c++) {
    const cut = cuts[c]!;
    const end = cuts[c + 1]?.at ?? tokens.length;
    if (cut.next >= tokens.length) break;
    const next = tokens[cut.next]!;
    // A second verb, or a second question ("what's my balance and who's in missio"), is a second intent; so is a
    // clause that asks for an act ("…, can you invite him?").
    const verbAt = cut.next + requestCueAt(tokens, cut.next, lexicon);
    const verbToken = tokens[verbAt];
    const ownVerb =
      (verbToken !== undefined &&
        isFrameVerb(verbToken, lexicon) &&
        !inName(verbAt) &&
        !verbToken.tags.has('PastTense')) ||
      (next.tags.has('QuestionWord') && cut.next - start > 1);
    const leftVerb: number | null = verbIn(start, cut.at) ?? carried;
    const payLike =
      leftVerb !== null &&
      lexicon.frames.some(
        (f) => f.bareAmount && f.verbs.some((v) => v === tokens[leftVerb]!.root || v === tokens[leftVerb]!.norm),
      );
    // The second payee is a name the vault knows, or one said after "to" ("… and 3 usdc to sam").
    const payee =
      nameIn(cut.next, end) ||
      tokens.slice(cut.next, end).some((t) => t.norm === 'to') ||
      next.tags.has('Person') ||
      next.tags.has('ProperNoun');
    const gapped = payLike && numberIn(start, cut.at) && numberIn(cut.next, end) && payee;
    if (!ownVerb && !gapped) continue;
    segments.push({ from: start, to: cut.at, carriedVerb: start === from ? null : carried });
    carried = ownVerb ? null : leftVerb;
    start = cut.next;
  }
  segments.push({ from: start, to: tokens.length, carriedVerb: start === from ? null : carried });
  return segments;
}
