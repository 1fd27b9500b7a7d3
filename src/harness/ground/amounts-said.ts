import { UNDERSTANDING, type Lexicon } from './lexicon';
import { bindNumbers } from './numbers';
import { parse } from './parse';
import { canonicalNumber, numbersIn } from './words';

/**
 * The numbers a person said that may stand as an amount (admission's numbersFromTheWords): every number of their
 * message except one grounding binds only to another role — a count of another noun ("for the 40 lunches") or a date
 * — and every number of their answers to prompts (a "40" typed under "How much?" is an amount).
 */
export function amountsSaid(
  message: string,
  answers: readonly string[],
  lexicon: Lexicon = UNDERSTANDING,
): Set<string> {
  const bound = bindNumbers(parse(message), lexicon, new Set());
  const otherRole = new Set<string>();
  const amountLike = new Set<string>();
  for (const n of bound) {
    const value = canonicalNumber(n.value);
    if (value === null) continue;
    (n.role === 'amount' || n.role === 'bare' ? amountLike : otherRole).add(value);
  }
  const out = new Set([...numbersIn(message)].filter((n) => amountLike.has(n) || !otherRole.has(n)));
  for (const answer of answers) for (const n of numbersIn(answer)) out.add(n);
  return out;
}
