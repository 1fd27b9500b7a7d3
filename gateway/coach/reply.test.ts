import { describe, expect, it } from 'vitest';
import { validateCoachReply } from './reply';

const known = new Set(['bp-2026-09-29', 'weight-2026-09-28']);

describe('validateCoachReply (seed 000 step 10)', () => {
  it("accepts a reply within the ontology's tiers and themes that cites readings it had", () => {
    expect(
      validateCoachReply(
        {
          say: 'A steady week.',
          tier: 'self-care',
          theme: 'bp-trend',
          stillToDo: ['weight'],
          builtFrom: ['bp-2026-09-29'],
        },
        known,
      ),
    ).toMatchObject({ ok: true });
  });

  it.each([
    [{ tier: 'self-care' }, /say/],
    [{ say: '   ', tier: 'self-care' }, /say is required/],
    [{ say: 'x'.repeat(1201), tier: 'self-care' }, /say/],
    [{ say: 'ok', tier: 'relax' }, /tier/],
    [{ say: 'ok', tier: 'self-care', theme: 'astrology' }, /theme/],
    [{ say: 'ok', tier: 'self-care', stillToDo: ['meditate'] }, /stillToDo/],
    [
      { say: 'ok', tier: 'self-care', builtFrom: ['bp-1999-01-01'] },
      /builtFrom cites ids this consultation never had: bp-1999-01-01/,
    ],
    [{ say: 'ok', tier: 'self-care', extra: 1 }, /extra/],
  ])('refuses %j', (input, reason) => {
    const verdict = validateCoachReply(input, known);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });
});
