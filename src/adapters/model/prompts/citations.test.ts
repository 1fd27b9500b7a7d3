import { describe, expect, it } from 'vitest';
import { CitationFilter, liftCitations } from './citations';

const known = new Set(['s1', 's2', 's1.2']);

describe('inline citations', () => {
  it('lifts markers naming observations and tidies the space before punctuation', () => {
    expect(liftCitations('Missio Nexus has 4 members [s1]. Your week looks steady [s1, s2]!', known)).toEqual({
      text: 'Missio Nexus has 4 members. Your week looks steady!',
      citations: ['s1', 's2'],
    });
    expect(liftCitations('Bob [s1.2] is a member.', known)).toEqual({ text: 'Bob is a member.', citations: ['s1.2'] });
  });

  it('keeps brackets that are not citations, and lifts an id-shaped one the run never had so the check refuses it', () => {
    expect(liftCitations('It said "reciept" [sic] and [1 of 3].', known)).toEqual({
      text: 'It said "reciept" [sic] and [1 of 3].',
      citations: [],
    });
    expect(liftCitations('Nobody [s9].', known)).toEqual({ text: 'Nobody.', citations: ['s9'] });
  });

  it('gives the same text however the stream is cut', () => {
    const text = 'Members: Bob and Dave [s1]. HeartCoach says steady [s2] — see [sic] notes [s1, s2].';
    const whole = liftCitations(text, known);
    for (const size of [1, 2, 3, 5, 7, 16]) {
      const filter = new CitationFilter(known);
      let out = '';
      for (let i = 0; i < text.length; i += size) out += filter.push(text.slice(i, i + size));
      out += filter.end();
      expect(out.trim()).toBe(whole.text);
      expect(filter.citations).toEqual(whole.citations);
    }
  });

  it('an unclosed bracket at the end is text', () => {
    expect(liftCitations('See [s1', known)).toEqual({ text: 'See [s1', citations: [] });
  });
});
