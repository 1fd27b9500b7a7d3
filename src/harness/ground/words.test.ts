import { describe, expect, it } from 'vitest';
import { canonicalNumber, mentions, mentionsStem, numbersIn, splitNames } from './words';

describe('words: whole words, never fuzzy', () => {
  it('matches whole words and phrases case-insensitively, not inside other words', () => {
    expect(mentions("Who's in Missio Nexus?", "who's in")).toBe(true);
    expect(mentions('Pay nathan.treasury back', 'nathan.treasury')).toBe(true);
    expect(mentions('the contractor', 'contact')).toBe(false);
    expect(mentions('orders for today', 'order')).toBe(false);
    expect(mentions('Add DAVE now', 'dave')).toBe(true);
  });

  it('accepts the common inflections of a one-word term only', () => {
    expect(mentionsStem('get david added', 'add')).toBe(true);
    expect(mentionsStem('she invited bob', 'invite')).toBe(true);
    expect(mentionsStem('an address book', 'add')).toBe(false);
  });

  it('reads the numbers the words say, canonically, and nothing else', () => {
    expect([...numbersIn('Send 2 USDC, then 1,000.50 and two more')].sort()).toEqual(['1000.5', '2']);
    expect(numbersIn('Pay nathan.treasury back for the hymnals.').size).toBe(0);
    expect(canonicalNumber('02.50')).toBe('2.5');
    expect(canonicalNumber(50)).toBe('50');
    expect(canonicalNumber('fifty dollars')).toBe(null);
  });

  it('splits a list of names', () => {
    expect(splitNames('bob, carol and dave')).toEqual(['bob', 'carol', 'dave']);
    expect(splitNames('dave silva')).toEqual(['dave silva']);
  });
});
