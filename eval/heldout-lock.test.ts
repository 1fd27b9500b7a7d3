import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVAL_CASES, EVAL_SET_DIGESTS } from '../src/ontology/eval-cases.generated';
import { digestOf } from '../src/protocol/digest';

/**
 * The held-out set is write-once (seed 001 §4): its digest was recorded when it was written, in a committed file,
 * and this test fails the moment any held-out case — an ask, a gold label, a starting state — changes, is added or
 * is removed. A disputed label is adjudicated against the contract and becomes a new set, never an edit.
 */
const Lock = z.record(
  z.string(),
  z.object({ digest: z.string().regex(/^0x[0-9a-f]{64}$/), cases: z.number().int().positive(), source: z.string() }),
);
const lock = Lock.parse(
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../ontology/eval/heldout.lock.json'), 'utf8')),
);

describe('the held-out sets are write-once', () => {
  it.each(['heldout', 'heldout-2'] as const)('%s: its cases are exactly the ones whose digest was locked', (set) => {
    const cases = EVAL_CASES.filter((c) => c.set === set);
    expect(cases).toHaveLength(lock[set]!.cases);
    expect(digestOf(cases)).toBe(lock[set]!.digest);
    expect(EVAL_SET_DIGESTS[set]).toBe(lock[set]!.digest);
  });

  it('every held-out set the cases name is locked', () => {
    const sets = new Set(EVAL_CASES.map((c) => c.set).filter((s) => s !== 'dev'));
    expect([...sets].sort()).toEqual(Object.keys(lock).sort());
  });

  it('the check would notice a one-word change to any held-out case', () => {
    const heldout = EVAL_CASES.filter((c) => c.set === 'heldout');
    const edited = heldout.map((c, i) => (i === heldout.length - 1 ? { ...c, ask: `${c.ask} ` } : c));
    expect(digestOf(edited)).not.toBe(lock.heldout!.digest);
  });
});
