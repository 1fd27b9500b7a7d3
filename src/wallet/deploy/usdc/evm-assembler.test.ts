import { describe, expect, it } from 'vitest';
import { assemble, deployable, label, push, ref } from './evm-assembler';
import { TEST_USDC_BYTECODE, TEST_USDC_RUNTIME } from './usdc';

describe('the EVM assembler', () => {
  it('sizes pushes to their values and resolves labels to JUMPDEST offsets', () => {
    expect(assemble([push(0), push(0x1234), 'ADD'])).toBe('0x600061123401');
    expect(assemble([ref('end'), 'JUMP', 'STOP', label('end'), 'STOP'])).toBe('0x61000556005b00');
  });

  it('refuses an undefined or duplicated label', () => {
    expect(() => assemble([ref('nowhere')])).toThrow(/not defined/);
    expect(() => assemble([label('a'), label('a')])).toThrow(/twice/);
  });

  it('wraps runtime code in a 13-byte CODECOPY/RETURN preamble', () => {
    expect(deployable('0x00')).toBe('0x6100018061000d6000396000f300');
    expect(TEST_USDC_BYTECODE.endsWith(TEST_USDC_RUNTIME.slice(2))).toBe(true);
  });
});
