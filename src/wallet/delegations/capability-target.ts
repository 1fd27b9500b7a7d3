import { getAddress, keccak256, slice, stringToBytes, type Address } from 'viem';

/**
 * The on-chain stand-in for an off-chain capability: an address derived from its id, which no one holds a key for
 * and no contract lives at. A delegation for an off-chain act (a mandate for a non-chain tool, an ask-as-me wire, a
 * cabinet grant) allows calls to this address only, with zero value — so its signed caveat terms name the
 * capability, and redeeming it on chain could do nothing but call an empty address.
 */
export function capabilityTarget(capabilityId: string): Address {
  return getAddress(slice(keccak256(stringToBytes(`home-agent/capability/${capabilityId}`)), 12));
}
