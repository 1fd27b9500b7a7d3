import type { Hex, LocalAccount } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { SiweProof } from '../../protocol/delegation';
import type { SmartAgent } from '../accounts/smart-agent';
import { signMessageAsAgent } from '../sign/sign-as-agent';

export type CreateSignInParameters = {
  owner: LocalAccount;
  agent: SmartAgent;
  chainId: number;
  /** The verifier's host (e.g. 127.0.0.1:8787) and the page's URI. */
  domain: string;
  uri: string;
  /** The verifier's nonce (at least 8 letters or digits). */
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
  statement?: string;
};

/**
 * Signs in with the Smart Agent (SIWE, EIP-4361): the message names the account (so the signature is bound to it),
 * the owner signs it (EIP-191), and the signature is ERC-6492-wrapped for a verifier on any chain (DESIGN §10).
 */
export async function createSignIn(p: CreateSignInParameters): Promise<SiweProof> {
  const message = createSiweMessage({
    address: p.agent.address,
    chainId: p.chainId,
    domain: p.domain,
    uri: p.uri,
    nonce: p.nonce,
    version: '1',
    issuedAt: p.issuedAt,
    expirationTime: p.expirationTime,
    ...(p.statement === undefined ? {} : { statement: p.statement }),
  });
  const signature: Hex = await signMessageAsAgent(p.owner, p.agent, message);
  return { message, signature };
}
