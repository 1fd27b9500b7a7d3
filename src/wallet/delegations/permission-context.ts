import { encodeDelegations } from '@metamask/delegation-core';
import type { Hex } from 'viem';
import type { Delegation } from '../../protocol/delegation';
import { toDelegationStruct } from './delegation-codec';

/**
 * The permission context `redeemDelegations` takes for one chain of delegations (leaf first): the ABI encoding of
 * `Delegation[]`, signatures included, by `@metamask/delegation-core`.
 */
export function encodePermissionContext(chain: readonly Delegation[]): Hex {
  return encodeDelegations(chain.map(toDelegationStruct));
}
