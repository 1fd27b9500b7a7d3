import { LimitedCallsEnforcer } from '@metamask/delegation-abis';
import type { Hex } from 'viem';
import { readContract } from 'viem/actions';
import type { WalletChain } from '../chain/wallet-chain';
import { CHAIN_UNAVAILABLE_MESSAGE, refuse, type Verdict } from './verdict';

/**
 * How many times a delegation has been redeemed on chain (LimitedCallsEnforcer's count): what reconcile reads after a
 * crash to know whether a payment already happened, and what a chain mandate's "calls left" comes from.
 */
export async function readCallsUsed(chain: WalletChain, delegationHash: Hex): Promise<Verdict<{ used: number }>> {
  const enforcer = chain.environment.caveatEnforcers.LimitedCallsEnforcer;
  if (enforcer === undefined)
    return refuse('CHAIN_UNAVAILABLE', 'This chain has no LimitedCallsEnforcer, so calls cannot be counted.');
  try {
    const used = await readContract(
      { ...chain.client, ccipRead: false },
      {
        address: enforcer,
        abi: LimitedCallsEnforcer,
        functionName: 'callCounts',
        args: [chain.environment.DelegationManager, delegationHash],
      },
    );
    return { ok: true, used: Number(used) };
  } catch {
    return refuse('CHAIN_UNAVAILABLE', CHAIN_UNAVAILABLE_MESSAGE);
  }
}
