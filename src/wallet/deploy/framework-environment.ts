import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import type { Address } from 'viem';

/**
 * Where the Delegation Framework lives on one chain: the manager, the ERC-4337 EntryPoint, the account factory, the
 * account implementations and the caveat enforcers, by contract name. The shape the framework's own tooling has
 * always used, so stored environments and the pinned-deployment fixture compare field by field.
 */
export type FrameworkEnvironment = {
  DelegationManager: Address;
  EntryPoint: Address;
  SimpleFactory: Address;
  implementations: Record<string, Address>;
  caveatEnforcers: Record<string, Address>;
};

/** The framework version whose canonical deployments a configured RPC chain uses. */
export const CANONICAL_FRAMEWORK_VERSION = '1.3.0';

const NOT_ENFORCERS = new Set(['DelegationManager', 'EntryPoint', 'SimpleFactory']);

/**
 * The framework's published deployment on `chainId` (from `@metamask/delegation-deployments`), or undefined when it
 * has none there.
 */
export function canonicalEnvironment(chainId: number): FrameworkEnvironment | undefined {
  const contracts = DELEGATOR_CONTRACTS[CANONICAL_FRAMEWORK_VERSION]?.[chainId];
  if (contracts === undefined) return undefined;
  const implementations: Record<string, Address> = {};
  const caveatEnforcers: Record<string, Address> = {};
  for (const [name, address] of Object.entries(contracts)) {
    if (NOT_ENFORCERS.has(name)) continue;
    if (name.endsWith('Impl')) implementations[name] = address;
    else caveatEnforcers[name] = address;
  }
  return {
    DelegationManager: contracts.DelegationManager!,
    EntryPoint: contracts.EntryPoint!,
    SimpleFactory: contracts.SimpleFactory!,
    implementations,
    caveatEnforcers,
  };
}
