import { describe, expect, it } from 'vitest';
import type { StepResult } from '../execute/step-result';
import { bindArgs, itemsOf, lookup, whenHolds } from './bind';

const result = (value: unknown, text = 'a sentence', rows?: StepResult['rows']): StepResult => ({
  text,
  value,
  source: 'vault',
  observation: 'committed',
  reconciled: false,
  templated: true,
  ...(rows !== undefined ? { rows } : {}),
});
const results = new Map([
  ['s1', result({ found: true, who: { address: '0xabc' } }, 'found it', [{ name: 'bob' }])],
  ['s2', result(['bob', 'carol'])],
]);

describe('binding arguments to earlier results', () => {
  it('reads values, sentences, rows and fields by reference', () => {
    expect(lookup('s1.text', results)).toBe('found it');
    expect(lookup('s1.rows', results)).toEqual([{ name: 'bob' }]);
    expect(lookup('s1.who.address', results)).toBe('0xabc');
    expect(lookup('s9', results)).toBe(undefined);
  });

  it('binds $ref and $item, dropping what leads nowhere so it is asked for', () => {
    expect(
      bindArgs({ toolId: 't', args: { a: { $ref: 's1.found' }, b: { $item: 'name' }, c: { $ref: 's9' } } }, results, {
        name: 'carol',
      }),
    ).toEqual({ a: true, b: 'carol' });
  });

  it('fans out over a literal list or an earlier list, and branches on when', () => {
    expect(itemsOf({ toolId: 't', args: {}, forEach: { $ref: 's2' } }, results)).toEqual(['bob', 'carol']);
    expect(itemsOf({ toolId: 't', args: {}, forEach: ['x'] }, results)).toEqual(['x']);
    expect(itemsOf({ toolId: 't', args: {} }, results)).toBe(null);
    expect(whenHolds({ toolId: 't', args: {}, when: { $ref: 's1.found', equals: true } }, results)).toBe(true);
    expect(whenHolds({ toolId: 't', args: {}, when: { $ref: 's1.found', equals: false } }, results)).toBe(false);
    expect(whenHolds({ toolId: 't', args: {}, when: { $ref: 's9' } }, results)).toBe(false);
  });
});
