import { ROOT_AUTHORITY } from '@metamask/delegation-core';
import { getAddress, type Address, type LocalAccount } from 'viem';
import type { Delegation, GrantScope, MandateScope, WireScope } from '../../protocol/delegation';
import { HomeError } from '../../protocol/errors';
import type { SmartAgent } from '../accounts/smart-agent';
import type { WalletChain } from '../chain/wallet-chain';
import { signTypedDataAsAgent } from '../sign/sign-as-agent';
import { caveatsForScope } from './caveats-for-scope';
import { delegationTypedData } from './delegation-codec';
import { scopeSalt } from './scope-salt';

export type SignScopedDelegationParameters<S> = {
  /** The owner key of `agent` (unlocked in the worker). */
  owner: LocalAccount;
  /** The delegator: the addressee's (or the capability authority's) Smart Agent. */
  agent: SmartAgent;
  /** Who may use it: the harness agent (mandates) or an app's agent (wires, grants). */
  delegate: Address;
  scope: S;
};

/**
 * Builds and signs a delegation from a Smart Agent for a scope: caveats from the scope, salt = digestOf(scope),
 * root authority, EIP-712 over the DelegationManager's domain, ERC-6492-wrapped. The scope's chain must be this chain.
 */
export async function signScopedDelegation<S extends MandateScope | WireScope | GrantScope>(
  chain: WalletChain,
  { owner, agent, delegate, scope }: SignScopedDelegationParameters<S>,
): Promise<{ delegation: Delegation; scope: S }> {
  if (scope.chainId !== chain.chainId) {
    throw new HomeError(
      'WRONG_CHAIN',
      `This ${scope.type} is for chain ${scope.chainId}, not this chain (${chain.chainId}).`,
    );
  }
  const unsigned: Delegation = {
    delegate: getAddress(delegate),
    delegator: agent.address,
    authority: ROOT_AUTHORITY,
    caveats: caveatsForScope(scope, chain.environment),
    salt: scopeSalt(scope),
    signature: '0x',
  };
  const signature = await signTypedDataAsAgent(
    owner,
    agent,
    delegationTypedData(unsigned, chain.chainId, chain.environment),
  );
  return { delegation: { ...unsigned, signature }, scope };
}
