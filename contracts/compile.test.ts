import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileTestUsdc } from './compile';

/** The drift check `npm run contracts -- --check` makes, as a test: the shipped module is what the sources compile to. */
describe('the generated test USDC module', () => {
  it('is exactly what solc makes of contracts/TestUSDC.sol and OpenZeppelin today', { timeout: 180_000 }, () => {
    const shipped = readFileSync(new URL('../src/wallet/deploy/usdc/test-usdc.generated.ts', import.meta.url), 'utf8');
    expect(compileTestUsdc()).toBe(shipped);
  });
});
