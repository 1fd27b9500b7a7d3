import { isAddressEqual, type Address, type Hex } from 'viem';
import { CallerAssertion } from '../../protocol/ask';
import { SignatureHex } from '../../protocol/delegation';
import { describeZodError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { CALLER_ASSERTION_KIND } from '../sign/caller-assertion';
import { homePayloadHash } from '../sign/home-typed-data';
import { refuse, type Verdict, guarded } from './verdict';
import { verifyAccountSignature } from './verify-account-signature';

/** Longest life an assertion may claim, and how far ahead of our clock its `iat` may be. */
export const ASSERTION_MAX_LIFETIME = 300;
export const CLOCK_SKEW = 30;

export type VerifyCallerAssertionParameters = {
  assertion: unknown;
  signature: unknown;
  /** The app's agent: the wire's delegate, whose key must have signed. */
  signer: Address;
  now: number;
  /** What this ask is: the assertion must name this addressee and carry this message digest. */
  expect: { addressee: Address; messageDigest: Hex };
  /**
   * Spends the nonce in the vault, atomically; false if it was spent before. Called last, only for an otherwise
   * valid assertion, so a forged one cannot burn a nonce.
   */
  spendNonce: (nonce: string, exp: number) => Promise<boolean>;
};

/** A caller assertion (DESIGN §3): shape, lifetime, addressee, message, the app key's signature, then its nonce once. */
export async function verifyCallerAssertion(
  chain: WalletChain,
  p: VerifyCallerAssertionParameters,
): Promise<Verdict<{ assertion: CallerAssertion }>> {
  return guarded('caller assertion', () => _verifyCallerAssertion(chain, p));
}

async function _verifyCallerAssertion(
  chain: WalletChain,
  p: VerifyCallerAssertionParameters,
): Promise<Verdict<{ assertion: CallerAssertion }>> {
  const parsed = CallerAssertion.safeParse(p.assertion);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const signature = SignatureHex.safeParse(p.signature);
  if (!signature.success) return refuse('SIGNATURE_INVALID', 'The signature is malformed or truncated.');
  const assertion = parsed.data;
  if (assertion.exp <= assertion.iat || assertion.exp - assertion.iat > ASSERTION_MAX_LIFETIME) {
    return refuse('BAD_INPUT', `A caller assertion may live at most ${ASSERTION_MAX_LIFETIME} seconds.`);
  }
  if (assertion.iat > p.now + CLOCK_SKEW)
    return refuse('NOT_YET_VALID', 'This caller assertion is dated in the future.');
  if (p.now >= assertion.exp)
    return refuse('EXPIRED', 'This caller assertion has expired; the app must sign a new one.');
  if (!isAddressEqual(assertion.addressee as Address, p.expect.addressee)) {
    return refuse(
      'WRONG_ACCOUNT',
      `This caller assertion is addressed to ${assertion.addressee}, not to ${p.expect.addressee}.`,
    );
  }
  if (assertion.messageDigest.toLowerCase() !== p.expect.messageDigest.toLowerCase()) {
    return refuse('BINDING_MISMATCH', 'This caller assertion was signed for another message.');
  }
  const verified = await verifyAccountSignature(chain, {
    account: p.signer,
    hash: homePayloadHash(CALLER_ASSERTION_KIND, assertion, chain.chainId, p.signer),
    signature: signature.data as Hex,
    allowKeyAccount: true,
  });
  if (!verified.ok) return verified;
  if (!(await p.spendNonce(assertion.nonce, assertion.exp)))
    return refuse('NONCE_REUSED', 'This caller assertion was already used; each one is good for one ask.');
  return { ok: true, assertion };
}
