import { describe, expect, it } from 'vitest';
import { cell } from './record-view';

describe('a vault record as the vault browser shows it', () => {
  it('shows a list of words as words, not as JSON', () => {
    expect(cell(['nathan', 'nathan.treasury'])).toBe('nathan, nathan.treasury');
    expect(cell([120, 80])).toBe('120, 80');
    expect(cell([])).toBe('');
  });

  it('keeps primitives, says nothing for a missing value, and caps what is nested as JSON', () => {
    expect(cell(7)).toBe(7);
    expect(cell(false)).toBe(false);
    expect(cell(undefined)).toBeNull();
    expect(cell([{ dose: 'furosemide' }])).toBe('[{"dose":"furosemide"}]');
    expect(String(cell({ note: 'x'.repeat(5000) })).length).toBe(2000);
  });
});
