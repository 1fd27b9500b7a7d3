import { DelegationManager } from '@metamask/delegation-abis';
import type { Hex } from 'viem';
import { readContract } from 'viem/actions';
import type { WalletChain } from '../chain/wallet-chain';
import { CHAIN_UNAVAILABLE_MESSAGE, refuse, type Verdict } from './verdict';

/**
 * Reads `disabledDelegations(hash)` on the DelegationManager: a valid signature says nothing about revocation
 * (DESIGN §3). A chain that does not answer is a refusal, never "not revoked".
 */
export async function readRevoked(chain: WalletChain, delegationHash: Hex): Promise<Verdict<{ revoked: boolean }>> {
  try {
    const revoked = await readContract(
      { ...chain.client, ccipRead: false },
      {
        address: chain.environment.DelegationManager,
        abi: DelegationManager,
        functionName: 'disabledDelegations',
        args: [delegationHash],
      },
    );
    return { ok: true, revoked: revoked === true };
  } catch {
    return refuse('CHAIN_UNAVAILABLE', CHAIN_UNAVAILABLE_MESSAGE);
  }
}
