import { keccak256, stringToBytes, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

/**
 * The deterministic deployer (DESIGN §10). THIS KEY IS PUBLIC: keccak256("home-agent/chain/deployer"). It deploys
 * the Delegation Framework and the test USDC on a fresh Home Agent chain (embedded or anvil) from nonce 0, so every
 * contract lands at the same address everywhere. It owns nothing of value: the DelegationManager's owner can only
 * pause it on a local chain. Real networks use the framework's canonical deployments instead.
 */
export const DEPLOYER_PRIVATE_KEY: Hex = keccak256(stringToBytes('home-agent/chain/deployer'));
export const DEPLOYER_ADDRESS: Hex = privateKeyToAddress(DEPLOYER_PRIVATE_KEY);
