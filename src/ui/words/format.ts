import { formatUnits } from 'viem';
import { message } from './messages';

/** Small, pure formatting for the faces: addresses, amounts, times, in words a person reads. */

/** `0x1234…abcd`: enough to recognise, with the full address kept for the title and screen readers. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * A token amount in base units (decimal string) as a decimal with its symbol, in the person's locale: 12500000 →
 * "12.5 USDC". viem's `formatUnits` divides exactly (bigint), and `Intl.NumberFormat` groups and punctuates the
 * decimal string without ever turning it into a float.
 */
export function tokenAmount(baseUnits: string, decimals = 6, symbol = 'USDC', locale?: string): string {
  if (!/^\d+$/.test(baseUnits)) return message('amountUnreadable', baseUnits);
  const decimal = formatUnits(BigInt(baseUnits), decimals);
  const places = decimal.split('.')[1]?.length ?? 0;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
  return `${format.format(decimal as `${number}`)} ${symbol}`;
}

/** An instant (epoch ms) in the person's own locale and zone, with the date. */
export function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * How long until an instant, in the person's locale (Intl.RelativeTimeFormat): "in 9 minutes", "in 2 hours";
 * an instant already gone is said as such, from the catalogue.
 */
export function until(ms: number, now: number, locale?: string): string {
  const seconds = Math.round((ms - now) / 1000);
  if (seconds <= 0) return message('alreadyPassed');
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 90) return relative.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 36) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/**
 * "1 use", "3 uses": the number in the person's locale, the word by the locale's plural rule (Intl.PluralRules) —
 * `one` where the rule says one, `many` otherwise.
 */
export function count(n: number, one: string, many = `${one}s`, locale?: string): string {
  const word = new Intl.PluralRules(locale).select(n) === 'one' ? one : many;
  return `${number(n, locale)} ${word}`;
}

/** A number in the person's locale (Intl.NumberFormat): "1,250" in English. */
export function number(n: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** Whether the locale's plural rule (Intl.PluralRules) calls `n` one, to choose between a catalogue's two keys. */
export function isOne(n: number, locale?: string): boolean {
  return new Intl.PluralRules(locale).select(n) === 'one';
}

/** A capability id in words: "payment.usdc.send" → "payment usdc send" (the ontology's label is better when known). */
export function capabilityWords(id: string): string {
  return id.replace(/[._-]+/g, ' ');
}
