import { getAddress, hashMessage, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { verifyAccountSignature } from '../../src/wallet/verify/verify-account-signature';
import type { SiweVerifier } from '../ports';

/**
 * SIWE signatures checked on the gateway's chain with the wallet's fail-closed verifier: ERC-1271 for a deployed
 * Smart Agent, ERC-6492 for a counterfactual one. A plain key's signature is not accepted — the identity is the Smart
 * Agent (DESIGN §2) — and a chain that does not answer is a refusal, never an off-chain fallback.
 */
export function chainSiweVerifier(chain: WalletChain): SiweVerifier {
  return {
    async verify({ message, signature }) {
      const address = parseSiweMessage(message).address;
      if (address === undefined) return { ok: false, reason: 'the message names no account.' };
      const verdict = await verifyAccountSignature(chain, {
        account: getAddress(address),
        hash: hashMessage(message),
        signature: signature as Hex,
      });
      return verdict.ok ? { ok: true, address: getAddress(address) } : { ok: false, reason: verdict.message };
    },
  };
}
