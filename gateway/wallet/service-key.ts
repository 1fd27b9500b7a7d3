import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { signCallerAssertion } from '../../src/wallet/sign/caller-assertion';
import type { AssertionSigner } from '../ports';

/**
 * HeartCoach's service key as an AssertionSigner: an EOA that signs each caller assertion the way the wallet defines
 * it (EIP-712 over `digestOf(assertion)`, bound to this key's address and the chain), so the person's agent verifies
 * it with the wallet's own verifyCallerAssertion.
 */
export function serviceKeySigner(privateKey: Hex, chainId: number): AssertionSigner {
  const account = privateKeyToAccount(privateKey);
  return { address: account.address, signAssertion: (assertion) => signCallerAssertion(account, assertion, chainId) };
}
