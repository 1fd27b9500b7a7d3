import type { DeleGatorEnvironment } from '@metamask/delegation-toolkit';
import { createCaveatBuilder } from '@metamask/delegation-toolkit/utils';
import { getAddress, pad, type Hex } from 'viem';
import type { Caveat, GrantScope, MandateScope, TimeWindow, WireScope } from '../../protocol/delegation';
import { capabilityTarget } from './capability-target';

type Scope = MandateScope | WireScope | GrantScope;
type Builder = ReturnType<typeof createCaveatBuilder>;

function window(builder: Builder, w: TimeWindow): Builder {
  return builder.addCaveat('timestamp', { afterThreshold: w.validAfter, beforeThreshold: w.validBefore });
}

function offChain(builder: Builder, capabilityId: string): Builder {
  return builder
    .addCaveat('allowedTargets', { targets: [capabilityTarget(capabilityId)] })
    .addCaveat('valueLte', { maxValue: 0n });
}

/**
 * The caveats a scope means, in one fixed order. Signing builds them from the scope; verifying rebuilds them and
 * demands equality, so a caveat stripped, added, reordered or altered is a mismatch. On chain the enforcers check
 * the same terms at redemption, in this order — time and calls first, so a spent or expired mandate is refused as
 * such rather than by an amount it no longer has:
 *   chain act  → Timestamp, LimitedCalls, AllowedTargets, AllowedMethods, ValueLte, [ERC20TransferAmount, AllowedCalldata(recipient)]
 *   off-chain  → Timestamp, LimitedCalls, AllowedTargets(capability stand-in), ValueLte(0)
 *   wire/grant → Timestamp, AllowedTargets(capability stand-in), ValueLte(0)
 */
export function caveatsForScope(scope: Scope, environment: DeleGatorEnvironment): Caveat[] {
  let builder = window(createCaveatBuilder(environment), scope.window);
  if (scope.type !== 'home-agent/mandate') builder = offChain(builder, scope.capabilityId);
  else {
    builder = builder.addCaveat('limitedCalls', { limit: scope.calls });
    const act = scope.act;
    if (act.kind === 'offchain') builder = offChain(builder, scope.binding.capabilityId);
    else {
      builder = builder
        .addCaveat('allowedTargets', { targets: [getAddress(act.target)] })
        .addCaveat('allowedMethods', { selectors: [act.selector as Hex] })
        .addCaveat('valueLte', { maxValue: BigInt(act.maxValue) });
      if (act.erc20 !== undefined) {
        builder = builder.addCaveat('erc20TransferAmount', {
          tokenAddress: getAddress(act.erc20.token),
          maxAmount: BigInt(act.erc20.maxAmount),
        });
        if (act.erc20.recipient !== undefined) {
          // transfer(address,uint256): the recipient is the first argument, right after the 4-byte selector.
          builder = builder.addCaveat('allowedCalldata', {
            startIndex: 4,
            value: pad(getAddress(act.erc20.recipient).toLowerCase() as Hex),
          });
        }
      }
    }
  }
  return builder.build().map((c) => ({ enforcer: getAddress(c.enforcer), terms: c.terms.toLowerCase(), args: c.args }));
}
/** Whether two caveat lists are the same list (addresses and hex compared case-insensitively). */
export function sameCaveats(a: readonly Caveat[], b: readonly Caveat[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => {
      const d = b[i]!;
      return (
        c.enforcer.toLowerCase() === d.enforcer.toLowerCase() &&
        c.terms.toLowerCase() === d.terms.toLowerCase() &&
        c.args.toLowerCase() === d.args.toLowerCase()
      );
    })
  );
}
