import { getAddress, type Address, type Hex, type LocalAccount } from 'viem';
import type { Mandate, MandateChain, MandateScope } from '../../protocol/delegation';
import { HomeError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { caveatsForScope } from '../delegations/caveats-for-scope';
import { delegationHashOf, delegationTypedData } from '../delegations/delegation-codec';
import { scopeSalt } from '../delegations/scope-salt';
import { widerThan } from './narrower';

/** How a child narrows its parent; anything left out is the parent's own limit. */
export type ChildNarrowing = {
  /** At most this many token units (a payment mandate only). */
  maxAmount?: bigint;
  /** Only to this recipient (a payment mandate whose parent names none, or the same one). */
  recipient?: Address;
  /** The last second it may be used. */
  notAfter?: number;
  calls?: number;
};

export type DeriveChildMandateParameters = {
  /** The mandate (or the chain, leaf first) the child stands on; its leaf's delegate is `delegator`. */
  parent: Mandate | MandateChain;
  /** The parent's delegate, who signs the child: the harness agent's key. */
  delegator: LocalAccount;
  /** Who the work is handed to: the specialist's key. */
  delegate: Address;
  narrowing?: ChildNarrowing;
};

export type DeriveChildMandateReturnType = { chain: MandateChain; hash: Hex; parentHash: Hex };

/**
 * A hand-off's child mandate (seed 001 step 9.2): a MetaMask Delegation Framework redelegation whose `authority` is
 * the parent delegation's hash and whose scope — hence caveats, rebuilt by caveatsForScope — is the parent's,
 * narrowed. Signed by the parent's delegate (EIP-712 over the DelegationManager's domain). A narrowing that would
 * widen anything is refused before anything is signed (`CHILD_WIDER`).
 */
export async function deriveChildMandate(
  chain: WalletChain,
  p: DeriveChildMandateParameters,
): Promise<DeriveChildMandateReturnType> {
  const links: MandateChain | [Mandate] = Array.isArray(p.parent) ? p.parent : [p.parent];
  const parent = links[0]!;
  if (getAddress(parent.delegation.delegate) !== p.delegator.address)
    throw new HomeError('WRONG_DELEGATE', 'Only the delegate of a mandate may hand it on.');
  const scope = narrowScope(parent.scope, p.narrowing ?? {});
  const wider = widerThan(scope, parent.scope);
  if (wider !== null) throw new HomeError('CHILD_WIDER', `This hand-off was not signed: ${wider}.`);
  const child = await signChildLink(chain, { parent, delegator: p.delegator, delegate: p.delegate, scope });
  return {
    chain: [child, ...links] as MandateChain,
    hash: delegationHashOf(child.delegation),
    parentHash: child.delegation.authority as Hex,
  };
}

function narrowScope(parent: MandateScope, n: ChildNarrowing): MandateScope {
  const window =
    n.notAfter === undefined ? parent.window : { validAfter: parent.window.validAfter, validBefore: n.notAfter + 1 };
  const act =
    parent.act.kind === 'chain' && parent.act.erc20 !== undefined
      ? {
          ...parent.act,
          erc20: {
            ...parent.act.erc20,
            maxAmount: (n.maxAmount ?? BigInt(parent.act.erc20.maxAmount)).toString(),
            ...(n.recipient !== undefined ? { recipient: getAddress(n.recipient) } : {}),
          },
        }
      : parent.act;
  return { ...parent, act, window, calls: n.calls ?? parent.calls };
}

/**
 * Signs one link under `parent` with whatever scope it is given: no narrowing check here (deriveChildMandate makes
 * it; the tests use this to build the wider child a verifier must refuse).
 */
export async function signChildLink(
  chain: WalletChain,
  p: { parent: Mandate; delegator: LocalAccount; delegate: Address; scope: MandateScope },
): Promise<Mandate> {
  const unsigned = {
    delegate: getAddress(p.delegate),
    delegator: p.delegator.address,
    authority: delegationHashOf(p.parent.delegation),
    caveats: caveatsForScope(p.scope, chain.environment),
    salt: scopeSalt(p.scope),
    signature: '0x' as const,
  };
  if (p.delegator.signTypedData === undefined) throw new HomeError('KEY_INVALID', 'This key cannot sign typed data.');
  const signature = await p.delegator.signTypedData(delegationTypedData(unsigned, chain.chainId, chain.environment));
  return { delegation: { ...unsigned, signature }, scope: p.scope };
}
