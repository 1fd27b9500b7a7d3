import { hashTypedData, type Address, type Hex, type LocalAccount } from 'viem';
import type { SignaturePurpose, SignatureVerdict } from '../../harness';
import {
  CALLER_ASSERTION_KIND,
  HOME_PAYLOAD_TYPES,
  signTypedDataAsAgent,
  verifyAccountSignature,
  type SmartAgent,
  type WalletChain,
} from '../../wallet';

/**
 * A signature over one of the harness's digests is the wallet's EIP-712 Home Agent payload `{ kind, digest }` in a
 * domain naming the signing account and the chain (src/wallet/sign/home-typed-data.ts): bound to the account — a
 * HybridDeleGator accepts any hash its owner signed, so Alice's approval as herself can never pass as Missio
 * Nexus's — and to its purpose by `kind`. An app's caller assertion is exactly what the wallet's
 * signCallerAssertion makes (HeartCoach's gateway signs it so); a co-signer's approval digest has its own kind.
 */
export const APPROVAL_DIGEST_KIND = 'home-agent/approval-digest';
const KINDS: Record<SignaturePurpose, string> = {
  'caller-assertion': CALLER_ASSERTION_KIND,
  approval: APPROVAL_DIGEST_KIND,
};

const typedData = (purpose: SignaturePurpose, account: Address, digest: Hex, chainId: number) =>
  ({
    domain: { name: 'Home Agent', version: '1', chainId, verifyingContract: account },
    types: HOME_PAYLOAD_TYPES,
    primaryType: 'HomeAgentPayload',
    message: { kind: KINDS[purpose], digest },
  }) as const;

/** A Smart Agent signs a digest for a purpose with its owner key (ERC-6492-wrapped: verifies deployed or not). */
export function signDigestAsAgent(
  owner: LocalAccount,
  agent: SmartAgent,
  purpose: SignaturePurpose,
  digest: Hex,
  chainId: number,
): Promise<Hex> {
  return signTypedDataAsAgent(owner, agent, typedData(purpose, agent.address, digest, chainId));
}

/**
 * Verifies a Smart Agent's signature (ERC-1271 deployed, ERC-6492 counterfactual) or a plain key's (an app's EOA:
 * no code, no wrapper), failing closed: a chain that does not answer is a refusal, never an ecrecover fallback.
 */
export async function verifyDigestSignature(
  chain: WalletChain,
  q: { signer: Address; digest: Hex; signature: Hex; purpose: SignaturePurpose },
): Promise<SignatureVerdict> {
  let hash: Hex;
  try {
    hash = hashTypedData(typedData(q.purpose, q.signer, q.digest, chain.chainId));
  } catch {
    return {
      ok: false,
      code: 'BAD_INPUT',
      reason: 'The signer or the digest could not be read; the signature was refused.',
    };
  }
  const verdict = await verifyAccountSignature(chain, {
    account: q.signer,
    hash,
    signature: q.signature,
    allowKeyAccount: true,
  });
  return verdict.ok ? { ok: true } : { ok: false, code: verdict.code, reason: verdict.message };
}
