import { defineChain } from 'viem';

/**
 * The one chain id of Home Agent (DESIGN §10): the extension's embedded EVM, the gateway's and anvil in tests all
 * use it, so the deterministic deployment puts the framework, USDC and every counterfactual Smart Agent at the same
 * addresses everywhere. 31337 is anvil's default, so a plain `anvil` is already a Home Agent chain.
 */
export const HOME_CHAIN_ID = 31337;

/** The hardfork both the embedded EVM and anvil run (anvil is started with `--hardfork prague`). */
export const HOME_HARDFORK = 'prague';

/** Base fee of every embedded block, in wei: anvil's starting base fee, so fee estimates look alike on both. */
export const EMBEDDED_BASE_FEE = 1_000_000_000n;

/** Gas limit of every embedded block: anvil's default. */
export const EMBEDDED_BLOCK_GAS_LIMIT = 30_000_000n;

/** The viem chain for the embedded EVM and the local test node. */
export const homeChain = defineChain({
  id: HOME_CHAIN_ID,
  name: 'Home Agent local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  // Transactions are mined on arrival (embedded) or by anvil's automine: poll receipts quickly.
  blockTime: 100,
  testnet: true,
});
