import { keccak256, stringToBytes } from 'viem';
import type { Address } from '../values';

/**
 * TEST STAND-IN, NOT A SMART AGENT ADDRESS. A deterministic 20-byte value per demo identity, for vault tests that
 * need distinct addresses but no chain. The real address is the counterfactual HybridDeleGator that src/wallet
 * computes from (owner, salt); the composition root passes that function to loadDemoVault, never this one.
 */
export function standInAddressOf(id: string): Address {
  return `0x${keccak256(stringToBytes(`home-agent/test-stand-in/${id}`)).slice(-40)}` as Address;
}
