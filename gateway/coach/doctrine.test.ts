import { describe, expect, it } from 'vitest';
import { SYMPTOM_DOCTRINE } from '../../src/ontology/health-portal.generated';
import { EMERGENCY_SAY, moreSevere, raisesAlert, symptomTier } from './doctrine';

describe('the doctrine outside the model', () => {
  it("tiers a symptom by the ontology's table, most severe rule first", () => {
    expect(symptomTier('I have crushing chest pressure right now')).toMatchObject({
      tier: 'call-emergency',
      rule: { id: 'chest-pain-at-rest' },
    });
    expect(symptomTier('I woke up breathless last night')).toMatchObject({ tier: 'flag-urgent' });
    expect(symptomTier('My ankle swelling is a bit better this morning')).toMatchObject({
      tier: 'self-care',
      rule: { id: 'ankle-swelling-better' },
    });
    expect(symptomTier('I can’t breathe')).toMatchObject({ tier: 'call-emergency' }); // a curly apostrophe is the same word
  });

  it('tells the care team about a symptom no rule names, and raises an alert only above self-care', () => {
    expect(symptomTier('my left toe itches')).toEqual({ tier: 'tell-care-team', rule: null });
    expect(raisesAlert('self-care')).toBe(false);
    expect(raisesAlert('tell-care-team')).toBe(true);
  });

  it("every rule's first term is judged to that rule's tier (the table is the tier, not this code)", () => {
    for (const rule of SYMPTOM_DOCTRINE) expect(symptomTier(rule.terms[0]!).tier).toBe(rule.tier);
  });

  it('keeps the more severe tier and has its own emergency words', () => {
    expect(moreSevere('self-care', 'call-emergency')).toBe('call-emergency');
    expect(moreSevere('flag-urgent', 'tell-care-team')).toBe('flag-urgent');
    expect(EMERGENCY_SAY).toBe('Call 911 now. Do not wait for the coach.');
  });
});
