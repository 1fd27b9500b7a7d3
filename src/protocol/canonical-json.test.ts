import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import { digestOf } from './digest';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], A: { d: 2, c: 1 } })).toBe(
      '{"A":{"c":1,"d":2},"a":[true,null,"x"],"b":1}',
    );
    // RFC 8785 §3.2.3: sorting is by UTF-16 code units, so "\u20ac" (€) sorts before "\ud83d\ude00" (😀).
    expect(canonicalJson({ '😀': 1, '€': 2, '\r': 3 })).toBe('{"\\r":3,"€":2,"😀":1}');
  });

  it('writes numbers in ECMAScript form (RFC 8785 §3.2.2.3 examples)', () => {
    expect(canonicalJson([1e21, 1e-7, 0.000001, -0, 333333333.3333333, 4.5])).toBe(
      '[1e+21,1e-7,0.000001,0,333333333.3333333,4.5]',
    );
  });

  it('refuses values with no JSON form instead of hashing something else', () => {
    expect(() => canonicalJson({ a: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson([undefined])).toThrow(/undefined/);
    expect(() => canonicalJson(Number.NaN)).toThrow(/NaN/);
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('gives equal values one digest whatever their key order, and different values different digests', () => {
    expect(digestOf({ x: 1, y: [2, 3] })).toBe(digestOf({ y: [2, 3], x: 1 }));
    expect(digestOf({ x: 1, y: [2, 3] })).not.toBe(digestOf({ x: 1, y: [3, 2] }));
    // keccak256 of the two bytes '""'
    expect(digestOf('')).toBe('0x2392a80f8a87b8cfde0aa5c84e199f163aae4c2a4c512d37598362ace687ad0c');
  });
});
