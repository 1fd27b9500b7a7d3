import { isAddressEqual, type Address } from 'viem';
import type { MandateScope } from '../../protocol/delegation';
import { digestOf } from '../../protocol/digest';
import { notAfterOf } from './window';

/**
 * Why a child's scope allows more than its parent's, in words, or null when it allows at most as much. The
 * DelegationManager enforces every link's caveats at redemption, so a wider child could never spend more than its
 * parent on chain; it is refused here anyway, so that what a specialist holds says truthfully what it may do.
 * Same chain, same intent binding, same act (target, method), and no more value, amount, recipients, time or calls.
 */
export function widerThan(child: MandateScope, parent: MandateScope): string | null {
  if (child.chainId !== parent.chainId) return 'it is for another chain than its parent';
  if (digestOf(child.binding) !== digestOf(parent.binding)) return 'it is bound to another intent than its parent';
  if (child.window.validAfter < parent.window.validAfter) return 'it starts before its parent does';
  if (child.window.validBefore > parent.window.validBefore)
    return `it runs until ${new Date(notAfterOf(child) * 1000).toISOString()}, after its parent ends`;
  if (child.calls > parent.calls) return `it allows ${child.calls} calls where its parent allows ${parent.calls}`;
  const [c, p] = [child.act, parent.act];
  if (c.kind !== p.kind) return 'it is for another kind of act than its parent';
  if (c.kind === 'offchain' || p.kind === 'offchain') return null;
  if (
    !isAddressEqual(c.target as Address, p.target as Address) ||
    c.selector.toLowerCase() !== p.selector.toLowerCase()
  )
    return 'it allows another call than its parent';
  if (BigInt(c.maxValue) > BigInt(p.maxValue)) return 'it allows more value than its parent';
  if (p.erc20 === undefined) return c.erc20 === undefined ? null : 'it adds a token its parent does not name';
  if (c.erc20 === undefined) return 'it drops its parent’s token limit';
  if (!isAddressEqual(c.erc20.token as Address, p.erc20.token as Address)) return 'it is for another token';
  if (BigInt(c.erc20.maxAmount) > BigInt(p.erc20.maxAmount))
    return `it allows ${c.erc20.maxAmount} token units where its parent allows ${p.erc20.maxAmount}`;
  if (p.erc20.recipient !== undefined) {
    if (c.erc20.recipient === undefined) return 'it drops its parent’s recipient';
    if (!isAddressEqual(c.erc20.recipient as Address, p.erc20.recipient as Address))
      return `it pays ${c.erc20.recipient}, not its parent’s recipient ${p.erc20.recipient}`;
  }
  return null;
}
