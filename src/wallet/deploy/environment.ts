import type { DeleGatorEnvironment } from '@metamask/delegation-toolkit';
import { getContractAddress, type Address } from 'viem';
import { DEPLOYER_ADDRESS } from './deployer';

/**
 * The order in which `deployDeleGatorEnvironment` (delegation-toolkit 0.13.0) sends its deployments, then ours.
 * Each contract's address is CREATE(deployer, nonce); a test deploys on a fresh embedded chain and on anvil and
 * asserts the result equals these, so a toolkit that changes its order fails loudly instead of moving addresses.
 */
export const DEPLOYMENT_ORDER = [
  'SimpleFactory',
  'AllowedCalldataEnforcer',
  'AllowedTargetsEnforcer',
  'AllowedMethodsEnforcer',
  'ArgsEqualityCheckEnforcer',
  'DeployedEnforcer',
  'TimestampEnforcer',
  'BlockNumberEnforcer',
  'LimitedCallsEnforcer',
  'ERC20BalanceChangeEnforcer',
  'ERC20TransferAmountEnforcer',
  'ERC20StreamingEnforcer',
  'ERC721BalanceChangeEnforcer',
  'ERC721TransferEnforcer',
  'ERC1155BalanceChangeEnforcer',
  'IdEnforcer',
  'NonceEnforcer',
  'ValueLteEnforcer',
  'NativeTokenTransferAmountEnforcer',
  'NativeBalanceChangeEnforcer',
  'NativeTokenStreamingEnforcer',
  'OwnershipTransferEnforcer',
  'RedeemerEnforcer',
  'SpecificActionERC20TransferBatchEnforcer',
  'ERC20PeriodTransferEnforcer',
  'NativeTokenPeriodTransferEnforcer',
  'ExactCalldataBatchEnforcer',
  'ExactCalldataEnforcer',
  'ExactExecutionEnforcer',
  'ExactExecutionBatchEnforcer',
  'MultiTokenPeriodEnforcer',
  'DelegationManager',
  'NativeTokenPaymentEnforcer',
  'EntryPoint',
  'SCL_RIP7212',
  'HybridDeleGatorImpl',
  'MultiSigDeleGatorImpl',
  'EIP7702StatelessDeleGatorImpl',
  'TestUSDC',
] as const;

export type DeployedName = (typeof DEPLOYMENT_ORDER)[number];

/** The address of a deterministic deployment: CREATE(deployer, its position in DEPLOYMENT_ORDER). */
export function deterministicAddress(name: DeployedName): Address {
  return getContractAddress({ from: DEPLOYER_ADDRESS, nonce: BigInt(DEPLOYMENT_ORDER.indexOf(name)) });
}

const NOT_ENFORCERS = new Set<DeployedName>([
  'SimpleFactory',
  'DelegationManager',
  'EntryPoint',
  'SCL_RIP7212',
  'HybridDeleGatorImpl',
  'MultiSigDeleGatorImpl',
  'EIP7702StatelessDeleGatorImpl',
  'TestUSDC',
]);

/** The Delegation Framework on every Home Agent chain (embedded and anvil), in the toolkit's environment shape. */
export const HOME_ENVIRONMENT: DeleGatorEnvironment = {
  DelegationManager: deterministicAddress('DelegationManager'),
  EntryPoint: deterministicAddress('EntryPoint'),
  SimpleFactory: deterministicAddress('SimpleFactory'),
  implementations: {
    HybridDeleGatorImpl: deterministicAddress('HybridDeleGatorImpl'),
    MultiSigDeleGatorImpl: deterministicAddress('MultiSigDeleGatorImpl'),
    EIP7702StatelessDeleGatorImpl: deterministicAddress('EIP7702StatelessDeleGatorImpl'),
  },
  caveatEnforcers: Object.fromEntries(
    DEPLOYMENT_ORDER.filter((name) => !NOT_ENFORCERS.has(name)).map((name) => [name, deterministicAddress(name)]),
  ),
};

/** The test USDC token on every Home Agent chain. */
export const HOME_USDC: Address = deterministicAddress('TestUSDC');
