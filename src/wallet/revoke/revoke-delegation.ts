import { HybridDeleGator } from '@metamask/delegation-abis';
import { encodeFunctionData, isAddressEqual, type Hex, type LocalAccount } from 'viem';
import { Delegation } from '../../protocol/delegation';
import { HomeError } from '../../protocol/errors';
import type { SmartAgent } from '../accounts/smart-agent';
import type { WalletChain } from '../chain/wallet-chain';
import { delegationHashOf, toDelegationStruct } from '../delegations/delegation-codec';
import { readRevoked } from '../verify/read-revoked';
import { signAccountOperation } from './account-operation';
import { submitAccountOperation } from './submit-account-operation';

export type RevokeDelegationParameters = {
  /** The delegator's owner key. */
  owner: LocalAccount;
  /** The delegator (the delegation's `delegator` must be this account). */
  agent: SmartAgent;
  delegation: unknown;
  /** A funded key that submits the operation (the harness agent). */
  submitter: LocalAccount;
};

export type RevokeDelegationReturnType = {
  delegationHash: Hex;
  transactionHash: Hex | undefined;
  alreadyRevoked: boolean;
};

/**
 * Revokes a delegation (DESIGN §3): the Smart Agent calls its own `disableDelegation`, which calls the
 * DelegationManager's — only the delegator may — through a user operation its owner signs; then the revocation is
 * read back from `disabledDelegations`, and anything but "revoked" is an error. Already revoked → nothing sent.
 */
export async function revokeDelegation(
  chain: WalletChain,
  p: RevokeDelegationParameters,
): Promise<RevokeDelegationReturnType> {
  const parsed = Delegation.safeParse(p.delegation);
  if (!parsed.success) throw new HomeError('BAD_INPUT', 'That is not a delegation this wallet can revoke.');
  const delegation = parsed.data;
  if (!isAddressEqual(delegation.delegator as Hex, p.agent.address)) {
    throw new HomeError(
      'WRONG_ACCOUNT',
      `This delegation was given by ${delegation.delegator}; only that account can revoke it.`,
    );
  }
  const delegationHash = delegationHashOf(delegation);
  const before = await readRevoked(chain, delegationHash);
  if (!before.ok) throw new HomeError(before.code, before.message);
  if (before.revoked) return { delegationHash, transactionHash: undefined, alreadyRevoked: true };
  const callData = encodeFunctionData({
    abi: HybridDeleGator,
    functionName: 'disableDelegation',
    args: [toDelegationStruct(delegation)],
  });
  const operation = await signAccountOperation(chain, { owner: p.owner, agent: p.agent, callData });
  const { transactionHash } = await submitAccountOperation(chain, operation, p.submitter);
  const after = await readRevoked(chain, delegationHash);
  if (!after.ok || !after.revoked)
    throw new HomeError('REVOCATION_FAILED', 'The revocation was sent but the chain does not show it; try again.');
  return { delegationHash, transactionHash, alreadyRevoked: false };
}
