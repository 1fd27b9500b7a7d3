import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AssertionSigner } from '../ports';

/**
 * HeartCoach's service key as an AssertionSigner: an EOA that signs the digest of each caller assertion (ECDSA over
 * the 32-byte digest; the person's agent recovers it and compares it with the wire's delegate).
 */
export function serviceKeySigner(privateKey: Hex): AssertionSigner {
  const account = privateKeyToAccount(privateKey);
  return { address: account.address, signDigest: (digest) => account.sign({ hash: digest }) };
}
