import { isAddressEqual, type Address, type Hex } from 'viem';
import { SignatureHex } from '../../protocol/delegation';
import { describeZodError } from '../../protocol/errors';
import { ForwardedCredential } from '../../protocol/forwarded-credential';
import type { WalletChain } from '../chain/wallet-chain';
import { FORWARDED_CREDENTIAL_KIND } from '../sign/forwarded-credential';
import { homePayloadHash } from '../sign/home-typed-data';
import { ASSERTION_MAX_LIFETIME, CLOCK_SKEW } from './verify-caller-assertion';
import { guarded, refuse, type Verdict } from './verdict';
import { verifyAccountSignature } from './verify-account-signature';

export type VerifyForwardedCredentialParameters = {
  credential: unknown;
  signature: unknown;
  now: number;
  expect: {
    /** The agent receiving the routed step: the credential must name it, and is spent on its object. */
    receiver: Address;
    /** This deployment's zone. */
    audience: string;
    /** Who a routed body may be addressed to: the asker's own agent, or the room that routed the step. */
    addressees: readonly Address[];
    /** What was routed: the credential must be for exactly this body. */
    bodyDigest: Hex;
    /** The agent the route came from, when the receiver knows it. */
    router?: Address;
  };
  /** Spends the nonce on the receiver's object, atomically; false if spent before. Called last. */
  spendNonce: (nonce: string, exp: number) => Promise<boolean>;
};

/**
 * A forwarded credential on a routed hop (seed 001 step 0.3), refused in words: its lifetime, the receiver, an
 * addressee that is neither the asker's own agent nor the room that routed (`WRONG_ADDRESSEE`), another audience
 * (`WRONG_AUDIENCE`), another body, the router's signature (ERC-1271 / ERC-6492), then its nonce spent once
 * (`NONCE_REUSED`) — last, so a forged one cannot burn a nonce.
 */
export async function verifyForwardedCredential(
  chain: WalletChain,
  p: VerifyForwardedCredentialParameters,
): Promise<Verdict<{ credential: ForwardedCredential }>> {
  return guarded('forwarded credential', () => _verify(chain, p));
}

async function _verify(
  chain: WalletChain,
  p: VerifyForwardedCredentialParameters,
): Promise<Verdict<{ credential: ForwardedCredential }>> {
  const parsed = ForwardedCredential.safeParse(p.credential);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const signature = SignatureHex.safeParse(p.signature);
  if (!signature.success) return refuse('SIGNATURE_INVALID', 'The signature is malformed or truncated.');
  const c = parsed.data;
  if (c.chainId !== chain.chainId) return refuse('WRONG_CHAIN', `This credential is for chain ${c.chainId}.`);
  if (c.exp <= c.iat || c.exp - c.iat > ASSERTION_MAX_LIFETIME)
    return refuse('BAD_INPUT', `A forwarded credential may live at most ${ASSERTION_MAX_LIFETIME} seconds.`);
  if (c.iat > p.now + CLOCK_SKEW) return refuse('NOT_YET_VALID', 'This forwarded credential is dated in the future.');
  if (p.now >= c.exp) return refuse('EXPIRED', 'This forwarded credential has expired.');
  if (!isAddressEqual(c.receiver as Address, p.expect.receiver))
    return refuse('WRONG_ACCOUNT', `This credential was forwarded to ${c.receiver}, not to ${p.expect.receiver}.`);
  if (p.expect.router !== undefined && !isAddressEqual(c.router as Address, p.expect.router))
    return refuse('WRONG_ACCOUNT', `This credential comes from ${c.router}, not from ${p.expect.router}.`);
  if (!p.expect.addressees.some((a) => isAddressEqual(a, c.addressee as Address)))
    return refuse(
      'WRONG_ADDRESSEE',
      `This routed step is addressed to ${c.addressee}, which is neither the asker’s own agent nor the room that routed it.`,
    );
  if (c.audience !== p.expect.audience)
    return refuse(
      'WRONG_AUDIENCE',
      `This credential is for ${c.audience}, not for this deployment (${p.expect.audience}).`,
    );
  if (c.bodyDigest.toLowerCase() !== p.expect.bodyDigest.toLowerCase())
    return refuse('BINDING_MISMATCH', 'This credential was signed for another routed step.');
  const verified = await verifyAccountSignature(chain, {
    account: c.router as Address,
    hash: homePayloadHash(FORWARDED_CREDENTIAL_KIND, c, chain.chainId, c.router as Address),
    signature: signature.data as Hex,
  });
  if (!verified.ok) return verified;
  if (!(await p.spendNonce(c.nonce, c.exp)))
    return refuse('NONCE_REUSED', 'This forwarded credential was already spent; each one is good for one routed step.');
  return { ok: true, credential: c };
}
