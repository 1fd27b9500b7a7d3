import { isAddressEqual, type Address, type Hex, type LocalAccount } from 'viem';
import type { Mandate, MandateScope } from '../../protocol/delegation';
import { digestOf } from '../../protocol/digest';
import { HomeError } from '../../protocol/errors';
import type { Requirement } from '../../protocol/harness-reply';
import type { SmartAgent } from '../accounts/smart-agent';
import type { WalletChain } from '../chain/wallet-chain';
import { delegationHashOf } from '../delegations/delegation-codec';
import { signScopedDelegation } from '../delegations/sign-scoped-delegation';
import { offChainMandateScope, paymentMandateScope } from './scope';
import { windowFor } from './window';

/**
 * The person's act of signing (seed 001 step 8.5), apart from the harness: a requirement from an
 * `authority_required` reply becomes a MetaMask delegation from the requirement's delegator (a Smart Agent the
 * person's key owns) to the harness agent, its scope carrying the intent binding inside what is signed (the salt),
 * with the caveats the requirement names — limited calls (1 unless told), the time window, and for a payment the
 * token, the amount and the recipient. Stored in the vault's mandates table; the run is then resumed with its hash.
 */
export type BuildMandateParameters = {
  chain: WalletChain;
  requirement: Requirement;
  /** The unlocked owner key of `agent`. */
  owner: LocalAccount;
  agent: SmartAgent;
  /** Seconds since the epoch: when the person signs (the fresh authorization of a critical act counts from here). */
  nowSeconds: number;
};

/** Signs the mandate a requirement asks for, after checking it says what it shows (its binding, capability, window). */
export async function buildMandate(p: BuildMandateParameters): Promise<{ mandate: Mandate; hash: Hex }> {
  const r = p.requirement;
  // Bind consent to the bytes: what was shown is what is signed, digest for digest.
  if (digestOf(r.binding) !== r.bindingDigest)
    throw new HomeError(
      'REQUIREMENT_INCONSISTENT',
      'This request’s intent does not match its own digest; nothing was signed.',
    );
  if (r.binding.capabilityId !== r.capability)
    throw new HomeError(
      'REQUIREMENT_INCONSISTENT',
      'This request names two different capabilities; nothing was signed.',
    );
  if (r.caveats.notAfter <= p.nowSeconds)
    throw new HomeError('REQUIREMENT_EXPIRED', 'This request’s time window has already closed; ask again.');
  const window = windowFor(p.nowSeconds, r.caveats.notAfter);
  const base = { chainId: p.chain.chainId, binding: r.binding, window, calls: r.caveats.calls };
  let scope: MandateScope;
  if (r.caveats.token === 'usdc') {
    if (p.chain.usdc === undefined)
      throw new HomeError('NO_TOKEN', 'No USDC token is configured on this chain, so a payment cannot be signed.');
    if (r.caveats.maxAmount === undefined || r.caveats.recipient === undefined) {
      throw new HomeError(
        'PAYMENT_UNBOUNDED',
        'A payment is signed only with its amount and recipient fixed; this request lacks one.',
      );
    }
    scope = paymentMandateScope({
      ...base,
      token: p.chain.usdc,
      maxAmount: BigInt(r.caveats.maxAmount),
      recipient: r.caveats.recipient as Address,
    });
  } else {
    scope = offChainMandateScope(base);
  }
  const mandate = await signScopedDelegation(p.chain, {
    owner: p.owner,
    agent: p.agent,
    delegate: r.delegate as Address,
    scope,
  });
  return { mandate, hash: delegationHashOf(mandate.delegation) };
}

/** The checks before the person's key signs anything: the delegate is this Home's harness agent, the delegator theirs. */
export function checkSignable(
  requirement: Requirement,
  p: { harnessAgent: Address; agent: SmartAgent; owner: LocalAccount },
): void {
  if (!isAddressEqual(requirement.delegate as Address, p.harnessAgent)) {
    throw new HomeError(
      'WRONG_DELEGATE',
      'This request would give authority to another agent than your own harness; nothing was signed.',
    );
  }
  if (
    !isAddressEqual(requirement.delegator as Address, p.agent.address) ||
    !isAddressEqual(p.agent.owner, p.owner.address)
  ) {
    throw new HomeError(
      'NOT_YOURS_TO_SIGN',
      `Your key does not hold ${requirement.delegator}, so you cannot sign for it.`,
    );
  }
}
