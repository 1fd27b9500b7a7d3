import type { Delegation as ToolkitDelegation, DeleGatorEnvironment } from '@metamask/delegation-toolkit';
import { SIGNABLE_DELEGATION_TYPED_DATA, toDelegationStruct } from '@metamask/delegation-toolkit/utils';
import { getAddress, hashStruct, hashTypedData, toHex, type Hex, type TypedDataDefinition } from 'viem';
import type { Delegation } from '../../protocol/delegation';

/** The wire delegation (decimal salt) as the toolkit's (hex salt). */
export function toToolkitDelegation(delegation: Delegation): ToolkitDelegation {
  return {
    delegate: getAddress(delegation.delegate),
    delegator: getAddress(delegation.delegator),
    authority: delegation.authority as Hex,
    caveats: delegation.caveats.map((c) => ({
      enforcer: getAddress(c.enforcer),
      terms: c.terms as Hex,
      args: c.args as Hex,
    })),
    salt: toHex(BigInt(delegation.salt)),
    signature: delegation.signature as Hex,
  };
}

/** The toolkit's delegation on the wire. */
export function toWireDelegation(delegation: ToolkitDelegation): Delegation {
  return {
    delegate: getAddress(delegation.delegate),
    delegator: getAddress(delegation.delegator),
    authority: delegation.authority,
    caveats: delegation.caveats.map((c) => ({ enforcer: getAddress(c.enforcer), terms: c.terms, args: c.args })),
    salt: BigInt(delegation.salt === '0x' ? 0 : delegation.salt).toString(),
    signature: delegation.signature,
  };
}

/**
 * The delegation's hash as the DelegationManager computes it (its EIP-712 struct hash): the key of
 * `disabledDelegations` and of call counts. viem's hashStruct gives the same bytes as the toolkit's
 * getDelegationHashOffchain (a test holds them equal) at a fraction of its cost, and it runs on every verification.
 */
export function delegationHashOf(delegation: Delegation): Hex {
  return hashStruct({
    data: toDelegationStruct({ ...toToolkitDelegation(delegation), signature: '0x' }),
    primaryType: 'Delegation',
    types: SIGNABLE_DELEGATION_TYPED_DATA,
  });
}

/** The EIP-712 data the delegator signs (the DelegationManager's domain on this chain). */
export function delegationTypedData(
  delegation: Delegation,
  chainId: number,
  environment: DeleGatorEnvironment,
): TypedDataDefinition {
  return {
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: environment.DelegationManager },
    types: SIGNABLE_DELEGATION_TYPED_DATA,
    primaryType: 'Delegation',
    message: toDelegationStruct({ ...toToolkitDelegation(delegation), signature: '0x' }),
  } as TypedDataDefinition;
}

/** The hash the delegator's `isValidSignature` is asked about when the delegation is redeemed. */
export function delegationSigningHash(delegation: Delegation, chainId: number, environment: DeleGatorEnvironment): Hex {
  return hashTypedData(delegationTypedData(delegation, chainId, environment));
}
