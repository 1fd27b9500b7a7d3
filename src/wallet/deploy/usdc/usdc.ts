import { erc20Abi, parseAbi, type Hex } from 'viem';
import { assemble, deployable } from './evm-assembler';
import { USDC_RUNTIME } from './usdc-program';

export { USDC_DECIMALS, USDC_NAME, USDC_SYMBOL } from './usdc-program';

/** The test USDC token's runtime code, assembled from usdc-program.ts. */
export const TEST_USDC_RUNTIME: Hex = assemble(USDC_RUNTIME);

/** Its init code (deployed by the deterministic deployer, so its address is the same on every Home Agent chain). */
export const TEST_USDC_BYTECODE: Hex = deployable(TEST_USDC_RUNTIME);

/** ERC-20 plus the open `mint` of the test token. */
export const testUsdcAbi = [...erc20Abi, ...parseAbi(['function mint(address to, uint256 amount)'])] as const;
