import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { Mandate, MandateChain, type IntentBinding } from '../../protocol/delegation';
import { describeZodError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { delegationHashOf } from '../delegations/delegation-codec';
import { readCallsUsed } from '../verify/read-calls-used';
import { guarded, refuse, type Verdict } from '../verify/verdict';
import { verifyScopedDelegation } from '../verify/verify-scoped-delegation';
import { widerThan } from './narrower';
import { verifyMandate } from './verify';

export type VerifyChildMandateParameters = {
  /** The chain, leaf first (a MandateChain); anything else is refused. */
  links: unknown;
  /** Seconds since the epoch. */
  now: number;
  /** Who must hold the leaf: the executor the step was handed to. */
  delegate: Address;
  /** The account the root must come from (the addressee or the capability's authority). */
  delegator?: Address;
  /** The step's own intent; the root's signed binding must equal it (every child carries the same one). */
  binding?: IntentBinding;
};

export type VerifyChildMandateReturnType = Verdict<{
  links: MandateChain;
  /** The leaf's hash (what the executor redeems and what counts its calls). */
  delegationHash: Hex;
  rootHash: Hex;
  /** The fewest calls any link has left. */
  callsLeft: number;
}>;

/**
 * A child mandate verified end to end, the way the DelegationManager will redeem it, refusing in words: a link not
 * given under the hash of the one above it, or by someone other than that one's delegate (`CHAIN_GAP`); a link that
 * allows more than its parent (`CHILD_WIDER`); a root the person revoked, which voids every child (`PARENT_REVOKED`);
 * then each link as every delegation of ours (salt, caveats, window, signature, revocation) and the calls left.
 */
export async function verifyChildMandate(
  chain: WalletChain,
  p: VerifyChildMandateParameters,
): Promise<VerifyChildMandateReturnType> {
  return guarded('child mandate', () => _verifyChildMandate(chain, p));
}

async function _verifyChildMandate(
  chain: WalletChain,
  p: VerifyChildMandateParameters,
): Promise<VerifyChildMandateReturnType> {
  const parsed = MandateChain.safeParse(p.links);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const links = parsed.data;
  for (let i = 0; i < links.length - 1; i++) {
    const [child, parent] = [links[i]!, links[i + 1]!];
    if (child.delegation.authority.toLowerCase() !== delegationHashOf(parent.delegation).toLowerCase())
      return refuse(
        'CHAIN_GAP',
        `Link ${i + 1} of this hand-off does not stand on the mandate after it: the chain has a gap.`,
      );
    if (!isAddressEqual(child.delegation.delegator as Address, parent.delegation.delegate as Address))
      return refuse(
        'CHAIN_GAP',
        `Link ${i + 1} of this hand-off was signed by ${getAddress(child.delegation.delegator)}, who does not hold the mandate above it.`,
      );
    const wider = widerThan(child.scope, parent.scope);
    if (wider !== null)
      return refuse('CHILD_WIDER', `This hand-off allows more than the mandate it comes from: ${wider}.`);
  }
  const root = links[links.length - 1]!;
  const rootVerdict = await verifyMandate(chain, {
    mandate: root,
    now: p.now,
    delegate: root.delegation.delegate as Address,
    usesSoFar: 0,
    ...(p.delegator !== undefined ? { delegator: p.delegator } : {}),
    ...(p.binding !== undefined ? { binding: p.binding } : {}),
  });
  if (!rootVerdict.ok)
    return rootVerdict.code === 'REVOKED'
      ? refuse(
          'PARENT_REVOKED',
          `The mandate this was handed on from was revoked by ${getAddress(root.delegation.delegator)}, so the hand-off is void.`,
        )
      : refuse(rootVerdict.code, rootVerdict.message);
  let callsLeft = rootVerdict.callsLeft;
  for (let i = links.length - 2; i >= 0; i--) {
    const link = links[i]!;
    const checked = await verifyScopedDelegation(chain, link, Mandate, {
      now: p.now,
      delegate: i === 0 ? p.delegate : (links[i - 1]!.delegation.delegator as Address),
      authority: delegationHashOf(links[i + 1]!.delegation),
    });
    if (!checked.ok)
      return checked.code === 'REVOKED' && i > 0
        ? refuse('PARENT_REVOKED', 'A mandate this was handed on from was revoked, so the hand-off is void.')
        : checked;
    if (link.scope.act.kind === 'chain') {
      const used = await readCallsUsed(chain, checked.delegationHash);
      if (!used.ok) return used;
      callsLeft = Math.min(callsLeft, link.scope.calls - used.used);
    }
  }
  if (callsLeft <= 0) return refuse('CALLS_EXHAUSTED', 'This hand-off has no calls left.');
  return {
    ok: true,
    links,
    delegationHash: delegationHashOf(links[0]!.delegation),
    rootHash: rootVerdict.delegationHash,
    callsLeft,
  };
}
