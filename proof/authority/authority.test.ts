import { describe, expect, it } from 'vitest';
import { ASK_AS_ME_CASES, MANDATE_CASES } from './cases';
import { READ_CASES } from './read-cases';
import { FORWARD_CASES } from './forward-cases';
import { HAND_OFF_CASES } from './hand-off-cases';
import { ROUTED_CASES } from './routed-cases';
import { authorityReport } from './suite';

/**
 * The authority suite in CI: every act or ask without good authority is refused and nothing happens — over the real
 * vault and embedded EVM and over the in-memory world — and a page without a wire reaches no handler but home_ping.
 */
describe('the authority suite', () => {
  it('covers what issue 9 lists', () => {
    const ids = [...MANDATE_CASES, ...ASK_AS_ME_CASES, ...READ_CASES].map((c) => c.id);
    for (const id of [
      'no-mandate',
      'revoked',
      'expired',
      'exhausted',
      'other-account',
      'stale-plan',
      'other-amount',
      'wire-revoked',
      'assertion-replayed',
      'other-origin',
      'not-the-delegate',
      'read-contacts',
      'read-memory',
      'read-receipts',
      'read-balance',
      'read-profile',
      'read-organizations',
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const handOffs = HAND_OFF_CASES.map((c) => c.id);
    for (const id of [
      'child-wider-amount',
      'child-other-recipient',
      'child-outlives-parent',
      'chain-gap',
      'parent-revoked',
    ])
      expect(handOffs).toContain(id);
    const forwards = FORWARD_CASES.map((c) => c.id);
    for (const id of ['forward-other-addressee', 'forward-other-audience', 'forward-spent-twice'])
      expect(forwards).toContain(id);
    const routed = ROUTED_CASES.map((c) => c.id);
    for (const id of ['routed-other-addressee', 'routed-other-audience', 'routed-spent-twice'])
      expect(routed).toContain(id);
  });

  it('meets its targets', { timeout: 240_000 }, async () => {
    const report = await authorityReport();
    expect(report.worst).toEqual([]);
    expect(report.targets.filter((t) => !t.met)).toEqual([]);
  });
});
