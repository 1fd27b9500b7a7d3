import type { Delegation as ToolkitDelegation, DeleGatorEnvironment } from '@metamask/delegation-toolkit';
import { getDelegationHashOffchain, SIGNABLE_DELEGATION_TYPED_DATA, toDelegationStruct } from '@metamask/delegation-toolkit/utils';
import { getAddress, hashTypedData, toHex, type Hex, type TypedDataDefinition } from 'viem';
import type { Delegation } from '../../protocol/delegation';

/** The wire delegation (decimal salt) as the toolkit's (hex salt). */
export function toToolkitDelegation(delegation: Delegation): ToolkitDelegation {
  return {
    delegate: getAddress(delegation.delegate),
    delegator: getAddress(delegation.delegator),
    authority: delegation.authority as Hex,
    caveats: delegation.caveats.map((c) => ({ enforcer: getAddress(c.enforcer), terms: c.terms as Hex, args: c.args as Hex })),
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

/** The delegation's hash as the DelegationManager computes it: the key of `disabledDelegations` and of call counts. */
export function delegationHashOf(delegation: Delegation): Hex {
  return getDelegationHashOffchain(toToolkitDelegation(delegation));
}

/** The EIP-712 data the delegator signs (the DelegationManager's domain on this chain). */
export function delegationTypedData(delegation: Delegation, chainId: number, environment: DeleGatorEnvironment): TypedDataDefinition {
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
