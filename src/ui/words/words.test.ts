import { describe, expect, it } from 'vitest';
import type { PlannerTrace } from '../../protocol/harness-reply';
import { plainTrace } from './plain-trace';
import { mandateTitle } from './pending-words';
import { requirementFacts } from './requirement-words';

import { A, sampleRequirement as requirement } from '../testing/sample-requirement';

describe("the faces' words for a requirement and a trace", () => {
  it("says what a mandate allows from the requirement's own bytes: amount, recipient, window, uses, risk", () => {
    const parties = [
      { word: 'bob', address: A(3), label: 'Bob Mensah', arg: 'recipient', source: 'vault' as const },
      { word: 'me', address: A(1), label: 'Alice Okoro', arg: 'payer', source: 'asker' as const },
    ];
    const facts = Object.fromEntries(
      requirementFacts(requirement, parties, 1_799_999_400_000).map((f) => [f.term, f.detail]),
    );
    expect(facts['What it does']).toBe('Send USDC');
    expect(facts['For whom']).toContain('Alice Okoro');
    expect(facts['How much, at most']).toBe('12.5 USDC');
    expect(facts['To whom']).toBe('Bob Mensah (0x3333…3333)');
    expect(facts['Until when']).toContain('(in 10 minutes)');
    expect(facts['How many times']).toBe('1 use');
    expect(facts.Risk).toMatch(/^High/);
  });

  it("names a waiting mandate in the queue by what it does, its limit and the person's words, not the tool id", () => {
    expect(mandateTitle(requirement)).toBe('Send USDC, at most 12.5 USDC — you asked “send bob 12.5 usdc”');
    const long = {
      ...requirement,
      caveats: { calls: 1, notAfter: 1 },
      derivation: { words: `invite ${'x'.repeat(80)}`, argSources: {} },
    };
    expect(mandateTitle(long)).toMatch(/^Send USDC — you asked “invite x+…”$/);
  });

  it('tells which stage decided what, from the trace alone', () => {
    const trace: PlannerTrace = {
      plannerUsed: 'compiled',
      shape: 'payment',
      admission: [{ round: 1, verdict: 'continue', violations: [] }],
      resolutions: [
        {
          stepRef: 's1',
          word: 'bob',
          address: A(3),
          label: 'Bob Mensah',
          arg: 'recipient',
          source: 'remembered',
          note: 'remembered: you chose Bob Mensah for this before',
        },
      ],
      authority: [{ stepRef: 's1', presentedRef: 'none', outcome: 'authority-required', obligations: [] }],
      calls: [],
      notes: ['Above your threshold a co-signer approves.'],
    };
    const lines = plainTrace(trace);
    expect(lines.map((l) => l.stage)).toEqual(['Plan', 'Shape', 'Admission', 'Names', 'Authority', 'Note']);
    expect(lines[0]!.text).toContain('no model was asked');
    expect(lines[3]!.text).toBe(
      '“bob” is Bob Mensah (0x3333…3333), from a choice you made before (evidence, not permission) (remembered: you chose Bob Mensah for this before).',
    );
    expect(lines[4]!.text).toBe('Step s1 needs a mandate only you can sign.');
  });
});
