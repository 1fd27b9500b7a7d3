import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes, isHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { HomeError } from '../../protocol/errors';

/**
 * A new owner key (secp256k1) from the platform's CSPRNG (crypto.getRandomValues, present in an MV3 worker). The
 * caller seals it in the vault at once; it never leaves the background worker.
 */
export function generateOwnerKey(): Hex {
  return bytesToHex(secp256k1.utils.randomSecretKey());
}

/**
 * An owner key the person pastes (0x-prefixed or bare 64 hex digits). Anything else — wrong length, not hex, zero or
 * beyond the curve order — is refused in words, never half-accepted.
 */
export function importOwnerKey(input: string): Hex {
  const trimmed = input.trim();
  const hex = (trimmed.startsWith('0x') || trimmed.startsWith('0X') ? `0x${trimmed.slice(2)}` : `0x${trimmed}`) as Hex;
  if (!isHex(hex, { strict: true }) || hex.length !== 66) {
    throw new HomeError('KEY_INVALID', 'That is not a private key: a key is 64 hexadecimal digits.');
  }
  if (!secp256k1.utils.isValidSecretKey(hexToBytes(hex))) {
    throw new HomeError('KEY_INVALID', 'That number cannot be a private key (it is zero or too large for the curve).');
  }
  return hex.toLowerCase() as Hex;
}

/** The key as a viem account: the owner's signer, and the EOA address (not the person's identity: the Smart Agent is). */
export function ownerAccount(privateKey: Hex): PrivateKeyAccount {
  return privateKeyToAccount(privateKey);
}

export function ownerAddressOf(privateKey: Hex): Address {
  return ownerAccount(privateKey).address;
}
