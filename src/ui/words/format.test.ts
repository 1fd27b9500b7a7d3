import { describe, expect, it } from 'vitest';
import { count, shortAddress, tokenAmount, until } from './format';

describe("the faces' words", () => {
  it('writes token amounts from base units exactly, without floating point', () => {
    const en = (base: string) => tokenAmount(base, 6, 'USDC', 'en-US');
    expect(en('12500000')).toBe('12.5 USDC');
    expect(en('1')).toBe('0.000001 USDC');
    expect(en('25000000')).toBe('25 USDC');
    expect(en('1250000000')).toBe('1,250 USDC');
    expect(en('123456789012345678901234567890')).toBe('123,456,789,012,345,678,901,234.56789 USDC');
    // In the person's own locale: a German reader sees a decimal comma.
    expect(tokenAmount('12500000', 6, 'USDC', 'de-DE')).toBe('12,5 USDC');
    expect(tokenAmount('-3')).toBe('-3 (unreadable amount)');
  });

  it('shortens addresses and says how long until a moment', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
    expect(until(10_000, 0)).toBe('in 10 seconds');
    expect(until(3_600_000, 0)).toBe('in 60 minutes');
    expect(until(0, 5)).toBe('already passed');
    expect(count(1, 'call')).toBe('1 call');
    expect(count(2, 'call')).toBe('2 calls');
    // Through Intl: numbers grouped, plural by the locale's rule, relative times in the locale's words.
    expect(count(1200, 'use', 'uses', 'en-US')).toBe('1,200 uses');
    expect(count(0, 'use', 'uses', 'en-US')).toBe('0 uses');
    expect(until(7_200_000, 0, 'en-US')).toBe('in 2 hours');
    expect(until(3 * 86_400_000, 0, 'de-DE')).toBe('in 3 Tagen');
  });
});
