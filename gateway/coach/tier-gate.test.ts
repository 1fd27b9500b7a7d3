import { describe, expect, it } from 'vitest';
import { COACH_TOOLS, TIER_CATALOG } from '../../src/ontology/health-portal.generated';
import { admitToolCall } from './tier-gate';

describe('the tier gate (seed 000 step 1)', () => {
  it('admits catalogued capabilities at their tier', () => {
    expect(admitToolCall({ toolName: 'coach_turn' })).toBe('ReadOrDraft');
    expect(admitToolCall({ toolName: 'heartcoach.log' })).toBe(TIER_CATALOG['heartcoach.log']);
  });

  it('refuses an uncatalogued name with 403, in words', () => {
    expect(() => admitToolCall({ toolName: 'heartcoach.prescribe' })).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'tool_not_catalogued',
        message: '"heartcoach.prescribe" is not a capability HeartCoach has; it was not run.',
      }),
    );
    expect(() => admitToolCall({ toolName: 'constructor' })).toThrow(
      expect.objectContaining({ code: 'tool_not_catalogued' }),
    );
  });

  it('admits a HighConsequence capability only on a decision approved by someone other than its proposer', () => {
    const high = Object.keys(TIER_CATALOG).find((name) => TIER_CATALOG[name] === 'HighConsequence')!;
    expect(() => admitToolCall({ toolName: high })).toThrow(
      expect.objectContaining({ status: 403, code: 'decision_required' }),
    );
    expect(() => admitToolCall({ toolName: high, decision: { proposer: '0xAa', approver: '0xaa' } })).toThrow(
      expect.objectContaining({ code: 'decision_required' }),
    );
    expect(admitToolCall({ toolName: high, decision: { proposer: '0xaa', approver: '0xbb' } })).toBe('HighConsequence');
    expect(Object.values(COACH_TOOLS).filter((t) => t.tier === 'HighConsequence')).toEqual([]);
  });
});
