import type { Hex } from 'viem';
import { TEST_USDC_ABI, TEST_USDC_BYTECODE, TEST_USDC_RUNTIME } from './test-usdc.generated';

export { TEST_USDC_BYTECODE, TEST_USDC_RUNTIME };

/** What the token says of itself (contracts/TestUSDC.sol). */
export const USDC_NAME = 'USD Coin (Home Agent test)';
export const USDC_SYMBOL = 'USDC';
export const USDC_DECIMALS = 6;

/** ERC-20 plus the open `mint` of the test token, as the compiler gave it (custom errors included). */
export const testUsdcAbi = TEST_USDC_ABI;

/**
 * keccak256 of the code the first Home Agent chains gave the test token: a hand-assembled ERC-20 with the same
 * storage layout (balances slot 0, allowances slot 1, total supply slot 2) and string reverts. A stored snapshot that
 * still holds it is migrated to the compiled OpenZeppelin token (migrate-test-usdc.ts).
 */
export const HAND_ASSEMBLED_USDC_CODEHASH: Hex = '0x994745eda5b5e46418f2ed5c80b691d6f66e9b8448f1a5800c5186080616f420';
