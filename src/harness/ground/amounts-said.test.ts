import { describe, expect, it } from 'vitest';
import { amountsSaid } from './amounts-said';

describe('amountsSaid', () => {
  it('keeps a number bound to a currency and drops one that counts another noun', () => {
    expect([...amountsSaid('I need to pay bob 5 USDC for the 40 lunches', [])]).toEqual(['5']);
  });
  it('keeps a bare number next to the payee and a written-out amount', () => {
    expect(amountsSaid('pay bob 5', []).has('5')).toBe(true);
    expect(amountsSaid('give carol twelve dollars', []).has('12')).toBe(true);
    expect(amountsSaid('send $7 to bob', []).has('7')).toBe(true);
  });
  it('takes any number the person typed in answer to a prompt', () => {
    expect(amountsSaid('pay bob for the 40 lunches', []).has('40')).toBe(false);
    expect(amountsSaid('pay bob for the 40 lunches', ['40']).has('40')).toBe(true);
  });
});
