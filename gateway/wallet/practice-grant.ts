import { ROOT_AUTHORITY } from '@metamask/delegation-core';
import { getAddress, isAddressEqual, type Address, type Hex, type LocalAccount } from 'viem';
import { z } from 'zod';
import { AddressSchema } from '../../src/protocol/ask';
import { Delegation, TimeWindow, type Caveat } from '../../src/protocol/delegation';
import { describeZodError } from '../../src/protocol/errors';
import { digestOf } from '../../src/protocol/digest';
import type { SmartAgent } from '../../src/wallet/accounts/smart-agent';
import type { WalletChain } from '../../src/wallet/chain/wallet-chain';
import { offChainCaveats, sameCaveats, timestampCaveat } from '../../src/wallet/delegations/caveats-for-scope';
import {
  delegationHashOf,
  delegationSigningHash,
  delegationTypedData,
} from '../../src/wallet/delegations/delegation-codec';
import { signTypedDataAsAgent } from '../../src/wallet/sign/sign-as-agent';
import { checkWindow } from '../../src/wallet/verify/check-window';
import { readRevoked } from '../../src/wallet/verify/read-revoked';
import { verifyAccountSignature } from '../../src/wallet/verify/verify-account-signature';
import type { PracticeGrantVerdict } from '../ports';

/**
 * A practice grant (DESIGN §10, gate 2): a delegation from the practice's Smart Agent to a member's Smart Agent,
 * scoped to the desk capabilities of the member's roles. Built like the wallet's scoped delegations — the scope is
 * the salt's pre-image (salt = digestOf(scope)), its caveats are rebuilt from the scope and compared, the window is
 * the TimestampEnforcer's, the signature is checked by ERC-1271/6492 and revocation by `disabledDelegations` — so a
 * member cannot widen it and the practice can withdraw it on chain.
 */
export const PracticeGrantScope = z.strictObject({
  type: z.literal('home-agent/practice-grant'),
  version: z.literal(1),
  chainId: z.number().int().positive(),
  capabilityId: z.literal('desk.write'),
  practice: AddressSchema,
  /** Sorted and unique, so one set of capabilities has one digest. */
  capabilities: z
    .array(z.string().regex(/^[a-z]+(\.[a-z]+)+$/))
    .min(1)
    .max(32)
    .refine((c) => c.every((x, i) => i === 0 || c[i - 1]! < x), 'capabilities sorted, each once'),
  window: TimeWindow,
});
export type PracticeGrantScope = z.infer<typeof PracticeGrantScope>;
export const PracticeGrant = z.strictObject({ delegation: Delegation, scope: PracticeGrantScope });
export type PracticeGrant = z.infer<typeof PracticeGrant>;

function caveatsOf(scope: PracticeGrantScope, chain: WalletChain): Caveat[] {
  return [...offChainCaveats(chain.environment, scope.capabilityId), timestampCaveat(chain.environment, scope.window)];
}

/** Signs a practice grant with the practice's Smart Agent (its steward's owner key). */
export async function signPracticeGrant(
  chain: WalletChain,
  p: {
    owner: LocalAccount;
    practice: SmartAgent;
    member: Address;
    capabilities: readonly string[];
    window: TimeWindow;
  },
): Promise<PracticeGrant> {
  const scope: PracticeGrantScope = {
    type: 'home-agent/practice-grant',
    version: 1,
    chainId: chain.chainId,
    capabilityId: 'desk.write',
    practice: p.practice.address,
    capabilities: [...new Set(p.capabilities)].sort(),
    window: p.window,
  };
  const unsigned: Delegation = {
    delegate: getAddress(p.member),
    delegator: p.practice.address,
    authority: ROOT_AUTHORITY,
    caveats: caveatsOf(scope, chain),
    salt: BigInt(digestOf(scope)).toString(),
    signature: '0x',
  };
  const signature = await signTypedDataAsAgent(
    p.owner,
    p.practice,
    delegationTypedData(unsigned, chain.chainId, chain.environment),
  );
  return { delegation: { ...unsigned, signature }, scope };
}

const no = (reason: string): PracticeGrantVerdict => ({ ok: false, reason });

/** Verifies a member's practice grant for one capability, cheapest check first; fails closed. */
export async function verifyPracticeGrant(
  chain: WalletChain,
  input: unknown,
  expect: { practice: Address; member: Address; capability: string; now: number },
): Promise<PracticeGrantVerdict> {
  const parsed = PracticeGrant.safeParse(input);
  if (!parsed.success) return no(describeZodError(parsed.error));
  const { delegation, scope } = parsed.data;
  if (scope.chainId !== chain.chainId)
    return no(`the grant was signed for chain ${scope.chainId}, not this chain (${chain.chainId}).`);
  if (
    !isAddressEqual(delegation.delegator as Address, expect.practice) ||
    !isAddressEqual(scope.practice as Address, expect.practice)
  ) {
    return no('the grant does not come from this practice.');
  }
  if (!isAddressEqual(delegation.delegate as Address, expect.member)) return no('the grant was given to someone else.');
  if (delegation.authority.toLowerCase() !== ROOT_AUTHORITY)
    return no("the grant is a re-delegation; only the practice's own is accepted.");
  if (delegation.salt !== BigInt(digestOf(scope)).toString())
    return no('what the grant says it is for is not what was signed.');
  if (!sameCaveats(delegation.caveats, caveatsOf(scope, chain)))
    return no("the grant's limits were changed after it was signed.");
  const window = checkWindow(scope.window, expect.now, 'practice grant');
  if (!window.ok) return no(window.message);
  if (!scope.capabilities.includes(expect.capability)) return no(`the grant does not include ${expect.capability}.`);
  const signature = await verifyAccountSignature(chain, {
    account: delegation.delegator as Address,
    hash: delegationSigningHash(delegation, chain.chainId, chain.environment),
    signature: delegation.signature as Hex,
  });
  if (!signature.ok)
    return no(
      signature.code === 'SIGNATURE_INVALID'
        ? "the practice's signature on the grant is not valid."
        : signature.message,
    );
  const delegationHash = delegationHashOf(delegation);
  const revoked = await readRevoked(chain, delegationHash);
  if (!revoked.ok) return no(revoked.message);
  if (revoked.revoked) return no('the practice has revoked this grant.');
  return { ok: true, capabilities: scope.capabilities, grantHash: delegationHash };
}
