import { encodeAbiParameters, type Hex } from 'viem';
import type { Delegation } from '../../protocol/delegation';
import { toDelegationStruct } from './delegation-codec';

/** `Delegation[]` as the DelegationManager's `redeemDelegations` decodes a permission context. */
const DELEGATION_ARRAY = [
  {
    type: 'tuple[]',
    components: [
      { name: 'delegate', type: 'address' },
      { name: 'delegator', type: 'address' },
      { name: 'authority', type: 'bytes32' },
      {
        name: 'caveats',
        type: 'tuple[]',
        components: [
          { name: 'enforcer', type: 'address' },
          { name: 'terms', type: 'bytes' },
          { name: 'args', type: 'bytes' },
        ],
      },
      { name: 'salt', type: 'uint256' },
      { name: 'signature', type: 'bytes' },
    ],
  },
] as const;

/**
 * The permission context `redeemDelegations` takes for one chain of delegations (leaf first), signatures included.
 * Byte for byte `encodeDelegations` of `@metamask/delegation-core` (a test holds them equal); encoded with viem,
 * already in the worker, because delegation-core's encoder brings `@metamask/abi-utils` and, through its CommonJS
 * build, all of `@metamask/utils` (lodash, semver, a second transaction library): about 400 kB of the worker.
 */
export function encodePermissionContext(chain: readonly Delegation[]): Hex {
  return encodeAbiParameters(DELEGATION_ARRAY, [chain.map(toDelegationStruct)]);
}
