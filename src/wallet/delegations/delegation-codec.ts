import type { Delegation as FrameworkDelegation } from '@metamask/delegation-core';
import { getAddress, hashStruct, hashTypedData, type Address, type Hex, type TypedDataDefinition } from 'viem';
import type { Delegation } from '../../protocol/delegation';
import type { FrameworkEnvironment } from '../deploy/framework-environment';

/** A delegation as the DelegationManager's ABI takes it: checksummed addresses, hex bytes, a uint256 salt. */
export type DelegationStruct = FrameworkDelegation<Hex> & { delegate: Address; delegator: Address };

/**
 * The EIP-712 types the DelegationManager hashes a delegation under (DELEGATION_TYPEHASH of
 * `@metamask/delegation-core`; a test holds viem's struct hash equal to its `hashDelegation`). The signature is not
 * part of what is signed.
 */
export const DELEGATION_TYPES = {
  Delegation: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    { name: 'caveats', type: 'Caveat[]' },
    { name: 'salt', type: 'uint256' },
  ],
  Caveat: [
    { name: 'enforcer', type: 'address' },
    { name: 'terms', type: 'bytes' },
  ],
} as const;

/** The wire delegation (decimal salt) as the framework's struct (uint256 salt). */
export function toDelegationStruct(delegation: Delegation): DelegationStruct {
  return {
    delegate: getAddress(delegation.delegate),
    delegator: getAddress(delegation.delegator),
    authority: delegation.authority as Hex,
    caveats: delegation.caveats.map((c) => ({
      enforcer: getAddress(c.enforcer),
      terms: c.terms as Hex,
      args: c.args as Hex,
    })),
    salt: BigInt(delegation.salt),
    signature: delegation.signature as Hex,
  };
}

/**
 * The delegation's hash as the DelegationManager computes it (its EIP-712 struct hash): the key of
 * `disabledDelegations` and of call counts. viem's hashStruct, already loaded for signing, gives the same bytes as
 * delegation-core's `hashDelegation` (a test holds them equal); it runs on every verification.
 */
export function delegationHashOf(delegation: Delegation): Hex {
  return hashStruct({ data: toDelegationStruct(delegation), primaryType: 'Delegation', types: DELEGATION_TYPES });
}

/** The EIP-712 data the delegator signs (the DelegationManager's domain on this chain). */
export function delegationTypedData(
  delegation: Delegation,
  chainId: number,
  environment: FrameworkEnvironment,
): TypedDataDefinition {
  const { signature: _unsigned, ...message } = toDelegationStruct(delegation);
  return {
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: environment.DelegationManager },
    types: DELEGATION_TYPES,
    primaryType: 'Delegation',
    message,
  } as TypedDataDefinition;
}

/** The hash the delegator's `isValidSignature` is asked about when the delegation is redeemed. */
export function delegationSigningHash(delegation: Delegation, chainId: number, environment: FrameworkEnvironment): Hex {
  return hashTypedData(delegationTypedData(delegation, chainId, environment));
}
