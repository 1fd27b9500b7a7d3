import { describe, expect, it } from 'vitest';
import { ROUTED_CASES, routedOutcomes } from './routed-cases';

/**
 * The routed-door cases on their own (the whole authority suite runs them too): each refused at the room's door with
 * nothing begun, and each let in by the control run — so it is the door's check, and nothing else, that stops it.
 */
describe('the routed-door cases', () => {
  it('are refused in words at the door, and let in by the control run', { timeout: 120_000 }, async () => {
    const outcomes = await routedOutcomes();
    expect(Object.fromEntries(ROUTED_CASES.map((c) => [c.id, outcomes[c.id]!.code]))).toEqual({
      'routed-other-addressee': 'WRONG_ADDRESSEE',
      'routed-other-audience': 'WRONG_AUDIENCE',
      'routed-spent-twice': 'NONCE_REUSED',
      'routed-forged': 'SIGNATURE_INVALID',
    });
    for (const c of ROUTED_CASES) {
      expect(outcomes[c.id]).toMatchObject({ refused: true, acted: false, bites: true });
      expect(outcomes[c.id]!.control).toBe('let in: done');
    }
  });
});
