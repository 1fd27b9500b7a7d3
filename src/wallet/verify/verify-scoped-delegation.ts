import { ROOT_AUTHORITY } from '@metamask/delegation-core';
import { isAddressEqual, type Address, type Hex } from 'viem';
import type { z } from 'zod';
import type { AskAsMeWire, CabinetGrant, Mandate } from '../../protocol/delegation';
import { describeZodError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { caveatsForScope, sameCaveats } from '../delegations/caveats-for-scope';
import { delegationHashOf, delegationSigningHash } from '../delegations/delegation-codec';
import { scopeSalt } from '../delegations/scope-salt';
import { checkWindow } from './check-window';
import { readRevoked } from './read-revoked';
import { refuse, type Verdict } from './verdict';
import { verifyAccountSignature } from './verify-account-signature';

export type ScopedExpectations = {
  /** Seconds since the epoch, from the caller's clock. */
  now: number;
  /** The account it must come from (the addressee, the capability's authority, the person). */
  delegator?: Address;
  /** Who must be its delegate (the harness agent, the app's agent). */
  delegate?: Address;
  /**
   * The authority it must be given under: the root (the default, a delegation the person signed directly) or, for a
   * link of a child mandate, its parent's hash. The delegator of such a link may be a plain key (the harness agent).
   */
  authority?: Hex;
};

type Scoped = Mandate | AskAsMeWire | CabinetGrant;

const NAMES: Record<string, string> = {
  'home-agent/mandate': 'mandate',
  'home-agent/ask-as-me-wire': 'ask-as-me wire',
  'home-agent/cabinet-grant': 'cabinet grant',
};

/**
 * The checks every signed delegation of ours passes, cheapest first: shape, chain, parties, root authority, the salt
 * is digestOf(scope), the caveats are exactly the scope's, the time window, then the signature (ERC-1271 / ERC-6492,
 * fail closed) and revocation on the DelegationManager. A refusal names the first failure in words.
 */
export async function verifyScopedDelegation<T extends Scoped>(
  chain: WalletChain,
  input: unknown,
  schema: z.ZodType<T>,
  expect: ScopedExpectations,
): Promise<Verdict<{ value: T; delegationHash: Hex }>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const value = parsed.data;
  const { delegation, scope } = value;
  const what = NAMES[scope.type] ?? 'delegation';
  if (scope.chainId !== chain.chainId)
    return refuse(
      'WRONG_CHAIN',
      `This ${what} was signed for chain ${scope.chainId}, not this chain (${chain.chainId}).`,
    );
  if (expect.delegator !== undefined && !isAddressEqual(delegation.delegator as Address, expect.delegator)) {
    return refuse('WRONG_ACCOUNT', `This ${what} comes from ${delegation.delegator}, not from ${expect.delegator}.`);
  }
  if (expect.delegate !== undefined && !isAddressEqual(delegation.delegate as Address, expect.delegate)) {
    return refuse('WRONG_DELEGATE', `This ${what} was given to ${delegation.delegate}, not to ${expect.delegate}.`);
  }
  const authority = (expect.authority ?? ROOT_AUTHORITY).toLowerCase();
  if (delegation.authority.toLowerCase() !== authority)
    return expect.authority === undefined
      ? refuse('CAVEAT_MISMATCH', `This ${what} is a re-delegation; only direct ones are accepted.`)
      : refuse('CHAIN_GAP', `This ${what} was not given under the mandate it claims to come from.`);
  if (delegation.salt !== scopeSalt(scope))
    return refuse('BINDING_MISMATCH', `What this ${what} says it is for is not what was signed.`);
  if (!sameCaveats(delegation.caveats, caveatsForScope(scope, chain.environment))) {
    return refuse('CAVEAT_MISMATCH', `The limits on this ${what} were removed or changed after it was signed.`);
  }
  const window = checkWindow(scope.window, expect.now, what);
  if (!window.ok) return window;
  const signature = await verifyAccountSignature(chain, {
    account: delegation.delegator as Address,
    hash: delegationSigningHash(delegation, chain.chainId, chain.environment),
    signature: delegation.signature as Hex,
    allowKeyAccount: authority !== ROOT_AUTHORITY,
  });
  if (!signature.ok)
    return signature.code === 'SIGNATURE_INVALID'
      ? refuse('SIGNATURE_INVALID', `The signature on this ${what} is not valid for ${delegation.delegator}.`)
      : signature;
  const delegationHash = delegationHashOf(delegation);
  const revoked = await readRevoked(chain, delegationHash);
  if (!revoked.ok) return revoked;
  if (revoked.revoked) return refuse('REVOKED', `This ${what} was revoked by ${delegation.delegator}.`);
  return { ok: true, value, delegationHash };
}
