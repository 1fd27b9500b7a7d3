import { getContractAddress, type Address } from 'viem';
import { DEPLOYER_ADDRESS } from './deployer';
import type { FrameworkEnvironment } from './framework-environment';

/**
 * Home Agent's own deploy order, frozen: the order the first Home Agent chains were deployed in (then by
 * delegation-toolkit 0.13.0), then the test token. Each contract's address is CREATE(deployer, its position), so this
 * list *is* the address book: a Smart Agent's address, every signed delegation's EIP-712 domain and every stored
 * chain snapshot depend on it. Newer framework tooling deploys in another order (it inserts
 * ApprovalRevocationEnforcer fourth), which is why we deploy ourselves. Append only; never reorder.
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

/** The Delegation Framework on every Home Agent chain (embedded and anvil). */
export const HOME_ENVIRONMENT: FrameworkEnvironment = {
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
