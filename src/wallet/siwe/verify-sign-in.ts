import { hashMessage, isAddressEqual, type Address, type Hex } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { SiweProof } from '../../protocol/delegation';
import { describeZodError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { refuse, type Verdict, guarded } from '../verify/verdict';
import { verifyAccountSignature } from '../verify/verify-account-signature';

export type VerifySignInParameters = {
  proof: unknown;
  /** This verifier's host: a message for another site is refused. */
  domain: string;
  /** The nonce this verifier issued (spent by the caller after success). */
  nonce: string;
  now: Date;
  /** The account the session must be for, when known. */
  address?: Address;
};

export type VerifySignInReturnType = Verdict<{ address: Address; expirationTime: Date; chainId: number }>;

/**
 * Verifies a SIWE sign-in: the message's domain, nonce, chain and time window, then the signature by ERC-1271 or
 * ERC-6492 for the account the message names — failing closed, never viem's silent ecrecover fallback.
 */
export async function verifySignIn(chain: WalletChain, p: VerifySignInParameters): Promise<VerifySignInReturnType> {
  return guarded('sign-in', () => _verifySignIn(chain, p));
}

async function _verifySignIn(chain: WalletChain, p: VerifySignInParameters): Promise<VerifySignInReturnType> {
  const parsed = SiweProof.safeParse(p.proof);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const { message, signature } = parsed.data;
  const fields = parseSiweMessage(message);
  if (
    fields.address === undefined ||
    fields.chainId === undefined ||
    fields.expirationTime === undefined ||
    fields.domain === undefined
  ) {
    return refuse('BAD_INPUT', 'This sign-in message lacks its account, chain, domain or expiry.');
  }
  if (fields.domain !== p.domain)
    return refuse('WRONG_ORIGIN', `This sign-in was for ${fields.domain}, not for ${p.domain}.`);
  if (fields.nonce !== p.nonce)
    return refuse('NONCE_REUSED', 'This sign-in carries another nonce; it may be a replay. Sign in again.');
  if (fields.chainId !== chain.chainId)
    return refuse('WRONG_CHAIN', `This sign-in is for chain ${fields.chainId}, not this chain (${chain.chainId}).`);
  if (p.address !== undefined && !isAddressEqual(fields.address, p.address))
    return refuse('WRONG_ACCOUNT', `This sign-in is for ${fields.address}, not for ${p.address}.`);
  if (fields.notBefore !== undefined && p.now < fields.notBefore)
    return refuse('NOT_YET_VALID', 'This sign-in is not valid yet.');
  if (p.now >= fields.expirationTime) return refuse('EXPIRED', 'This sign-in has expired; sign in again.');
  if (!validateSiweMessage({ message: fields, domain: p.domain, nonce: p.nonce, time: p.now }))
    return refuse('BAD_INPUT', 'This sign-in message is not a valid EIP-4361 message.');
  const verified = await verifyAccountSignature(chain, {
    account: fields.address,
    hash: hashMessage(message),
    signature: signature as Hex,
  });
  if (!verified.ok) return verified;
  return { ok: true, address: fields.address, expirationTime: fields.expirationTime, chainId: fields.chainId };
}
