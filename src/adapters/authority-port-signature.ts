import { isErc6492Signature, type Address, type Hex, type LocalAccount } from 'viem';
import type { SignatureVerdict } from '../harness/ports';
import { isDeployed, verifyAccountSignature, type SmartAgent, type WalletChain } from '../wallet';
import { signTypedDataAsAgent } from '../wallet/sign/sign-as-agent';
import { homePayloadHash, homePayloadTypedData } from '../wallet/sign/home-typed-data';

/**
 * A signature over one of the harness's digests (a co-signer's approval digest, an app's caller assertion). A
 * HybridDeleGator accepts any hash its owner signed, so a Smart Agent signs the digest inside Home Agent's EIP-712
 * payload whose domain names the account (DESIGN §3: "signatures are bound to the account address") — Alice's
 * approval as herself can never be presented as Missio Nexus's. A plain key (an app's service key: no code, no
 * ERC-6492 wrapper) signs the digest itself, as the HeartCoach gateway does.
 */
export const SIGNED_DIGEST_KIND = 'home-agent/signed-digest';

/** The hash a Smart Agent's ERC-1271 check is asked about for `digest`. */
export const accountBoundHash = (account: Address, digest: Hex, chainId: number): Hex => homePayloadHash(SIGNED_DIGEST_KIND, { digest }, chainId, account);

/** A Smart Agent signs a digest with its owner key (ERC-6492-wrapped, so it verifies deployed or not). */
export function signDigestAsAgent(owner: LocalAccount, agent: SmartAgent, digest: Hex, chainId: number): Promise<Hex> {
  return signTypedDataAsAgent(owner, agent, homePayloadTypedData(SIGNED_DIGEST_KIND, { digest }, chainId, agent.address));
}

/** Verifies either kind of signer, failing closed: a chain that does not answer is a refusal, never an ecrecover. */
export async function verifyDigestSignature(chain: WalletChain, q: { signer: Address; digest: Hex; signature: Hex }): Promise<SignatureVerdict> {
  let account: boolean;
  try {
    account = isErc6492Signature(q.signature) || (await isDeployed(chain, q.signer));
  } catch {
    return { ok: false, code: 'CHAIN_UNAVAILABLE', reason: 'The chain could not be reached to check this signature, so it was refused.' };
  }
  const verdict = account
    ? await verifyAccountSignature(chain, { account: q.signer, hash: accountBoundHash(q.signer, q.digest, chain.chainId), signature: q.signature })
    : await verifyAccountSignature(chain, { account: q.signer, hash: q.digest, signature: q.signature, allowKeyAccount: true });
  return verdict.ok ? { ok: true } : { ok: false, code: verdict.code, reason: verdict.message };
}
