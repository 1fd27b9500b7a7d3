import { formatUnits } from 'viem';

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
  if (!/^\d+$/.test(baseUnits)) return `${baseUnits} (unreadable amount)`;
  const decimal = formatUnits(BigInt(baseUnits), decimals);
  const places = decimal.split('.')[1]?.length ?? 0;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places });
  return `${format.format(decimal as `${number}`)} ${symbol}`;
}

/** An instant (epoch ms) in the person's own locale and zone, with the date. */
export function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** How long until an instant, in words: "in 9 minutes", "in 2 hours", "already passed". */
export function until(ms: number, now: number): string {
  const seconds = Math.round((ms - now) / 1000);
  if (seconds <= 0) return 'already passed';
  if (seconds < 90) return `in ${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `in ${hours} hours`;
  return `in ${Math.round(hours / 24)} days`;
}

/** "1 call", "3 calls". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A capability id in words: "payment.usdc.send" → "payment usdc send" (the ontology's label is better when known). */
export function capabilityWords(id: string): string {
  return id.replace(/[._-]+/g, ' ');
}
