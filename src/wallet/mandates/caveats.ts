import { getAddress, isAddressEqual, type Address } from 'viem';
import type { MandateScope } from '../../protocol/delegation';
import type { MandateCaveats } from '../../protocol/harness-reply';
import { notAfterOf } from './window';

/**
 * The caveats a requirement names, read back from what was signed (the other direction is sign.ts): calls, the last
 * second of the window, and for a payment in the chain's USDC the token, the amount and the recipient.
 */
export function caveatsOf(scope: MandateScope, usdc: Address | undefined): MandateCaveats {
  const caveats: MandateCaveats = { calls: scope.calls, notAfter: notAfterOf(scope) };
  const act = scope.act;
  if (
    act.kind === 'chain' &&
    act.erc20 !== undefined &&
    usdc !== undefined &&
    isAddressEqual(act.erc20.token as Address, usdc)
  ) {
    caveats.token = 'usdc';
    caveats.maxAmount = act.erc20.maxAmount;
    if (act.erc20.recipient !== undefined) caveats.recipient = getAddress(act.erc20.recipient);
  }
  return caveats;
}
