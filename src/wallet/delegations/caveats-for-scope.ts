import {
  createAllowedCalldataTerms,
  createAllowedMethodsTerms,
  createAllowedTargetsTerms,
  createERC20TransferAmountTerms,
  createLimitedCallsTerms,
  createTimestampTerms,
  createValueLteTerms,
} from '@metamask/delegation-core';
import { getAddress, pad, type Address, type Hex } from 'viem';
import type { Caveat, GrantScope, MandateScope, TimeWindow, WireScope } from '../../protocol/delegation';
import type { FrameworkEnvironment } from '../deploy/framework-environment';
import { capabilityTarget } from './capability-target';

type Scope = MandateScope | WireScope | GrantScope;

/** A caveat for the enforcer named `name` on this deployment, its terms encoded by `@metamask/delegation-core`. */
export function caveatOf(environment: FrameworkEnvironment, name: string, terms: Hex): Caveat {
  const enforcer = environment.caveatEnforcers[name];
  if (enforcer === undefined) throw new Error(`this framework deployment has no ${name}`);
  return { enforcer: getAddress(enforcer), terms: terms.toLowerCase(), args: '0x' };
}

export const timestampCaveat = (environment: FrameworkEnvironment, w: TimeWindow): Caveat =>
  caveatOf(
    environment,
    'TimestampEnforcer',
    createTimestampTerms({ afterThreshold: w.validAfter, beforeThreshold: w.validBefore }),
  );

/** The on-chain stand-in of an off-chain capability: calls to its empty address only, with no value. */
export const offChainCaveats = (environment: FrameworkEnvironment, capabilityId: string): Caveat[] => [
  caveatOf(
    environment,
    'AllowedTargetsEnforcer',
    createAllowedTargetsTerms({ targets: [capabilityTarget(capabilityId)] }),
  ),
  caveatOf(environment, 'ValueLteEnforcer', createValueLteTerms({ maxValue: 0n })),
];

function chainActCaveats(environment: FrameworkEnvironment, act: Extract<MandateScope['act'], { kind: 'chain' }>) {
  const caveats = [
    caveatOf(environment, 'AllowedTargetsEnforcer', createAllowedTargetsTerms({ targets: [getAddress(act.target)] })),
    caveatOf(environment, 'AllowedMethodsEnforcer', createAllowedMethodsTerms({ selectors: [act.selector as Hex] })),
    caveatOf(environment, 'ValueLteEnforcer', createValueLteTerms({ maxValue: BigInt(act.maxValue) })),
  ];
  if (act.erc20 === undefined) return caveats;
  caveats.push(
    caveatOf(
      environment,
      'ERC20TransferAmountEnforcer',
      createERC20TransferAmountTerms({
        tokenAddress: getAddress(act.erc20.token),
        maxAmount: BigInt(act.erc20.maxAmount),
      }),
    ),
  );
  if (act.erc20.recipient !== undefined) {
    // transfer(address,uint256): the recipient is the first argument, right after the 4-byte selector.
    const recipient = pad(getAddress(act.erc20.recipient as Address).toLowerCase() as Hex);
    caveats.push(
      caveatOf(environment, 'AllowedCalldataEnforcer', createAllowedCalldataTerms({ startIndex: 4, value: recipient })),
    );
  }
  return caveats;
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
export function caveatsForScope(scope: Scope, environment: FrameworkEnvironment): Caveat[] {
  const caveats = [timestampCaveat(environment, scope.window)];
  if (scope.type !== 'home-agent/mandate') return [...caveats, ...offChainCaveats(environment, scope.capabilityId)];
  caveats.push(caveatOf(environment, 'LimitedCallsEnforcer', createLimitedCallsTerms({ limit: scope.calls })));
  const act = scope.act;
  if (act.kind === 'offchain') return [...caveats, ...offChainCaveats(environment, scope.binding.capabilityId)];
  return [...caveats, ...chainActCaveats(environment, act)];
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
