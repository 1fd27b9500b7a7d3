import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tsString, tsUnion, tsValue } from './emit';

const evaluate = (expression: string): unknown => new Function(`return ${expression};`)();

describe('the stable TypeScript printer', () => {
  it('prints any string as a single-quoted literal that evaluates back to the same string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => evaluate(tsString(text)) === text));
  });

  it('prints any JSON-like value so that it evaluates back to an equal value', () => {
    // null is not printable on purpose (no generated field is ever null); -0 prints as 0, as JSON does.
    const json = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('null'));
    fc.assert(fc.property(json, (value) => JSON.stringify(evaluate(tsValue(value))) === JSON.stringify(value)));
  });

  it('keeps the order objects were built in and breaks long arrays one item a line', () => {
    expect(tsValue({ b: 1, a: ['x', 'y'] })).toBe("{\n  b: 1,\n  a: ['x', 'y'],\n}");
    const long = Array.from({ length: 12 }, (_, i) => `item-number-${i}`);
    expect(tsValue(long).split('\n')).toHaveLength(14);
  });

  it('quotes keys that are not identifiers and leaves out undefined fields', () => {
    expect(tsValue({ 'a.b': 'x', c: undefined, d: true })).toBe("{ 'a.b': 'x', d: true }");
  });

  it('prints unions of string literals, and never for an empty one', () => {
    expect(tsUnion(['a', "it's"])).toBe("'a' | 'it\\'s'");
    expect(tsUnion([])).toBe('never');
  });

  it('refuses what JSON cannot say', () => {
    expect(() => tsValue(Number.NaN)).toThrow(/finite/);
    expect(() => tsValue(null)).toThrow(/cannot print/);
  });
});
