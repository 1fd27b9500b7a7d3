import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { Mandate, type MandateScope, type TimeWindow } from '../../protocol/delegation';
import { digestOf } from '../../protocol/digest';
import type { MandateCaveats } from '../../protocol/harness-reply';
import type { MandateSummary } from '../../harness/ports';
import type { MandateRow } from '../../vault/repositories/mandates';
import { delegationHashOf } from '../../wallet';

/**
 * How a harness requirement's caveats live inside a wallet mandate, and back (one place for both directions). The
 * scope's TimeWindow is the TimestampEnforcer's "strictly after validAfter, strictly before validBefore", so a
 * mandate signed at second t carries validAfter = t − 1 (usable at once) and validBefore = notAfter + 1 (usable
 * through notAfter). issuedAt — what a critical act's fresh authorization is measured from — is therefore inside
 * what was signed: validAfter + 1.
 */
export function windowFor(issuedAt: number, notAfter: number): TimeWindow {
  return { validAfter: issuedAt - 1, validBefore: notAfter + 1 };
}

export const issuedAtOf = (scope: MandateScope): number => scope.window.validAfter + 1;

/** The caveats the harness compares with a step's requirement, read from what was signed. */
export function caveatsOf(scope: MandateScope, usdc: Address | undefined): MandateCaveats {
  const caveats: MandateCaveats = { calls: scope.calls, notAfter: scope.window.validBefore - 1 };
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

/**
 * The signed mandate a vault row carries, checked against the row: its delegation hash is the row's key and its
 * binding digest the row's. A row whose stored mandate says otherwise was altered: null, and the caller refuses.
 */
export function mandateOfRow(row: MandateRow): Mandate | null {
  const parsed = Mandate.safeParse(row.delegation);
  if (!parsed.success) return null;
  if (delegationHashOf(parsed.data.delegation).toLowerCase() !== row.hash.toLowerCase()) return null;
  if (digestOf(parsed.data.scope.binding).toLowerCase() !== row.bindingDigest.toLowerCase()) return null;
  return parsed.data;
}

export function summaryOf(row: MandateRow): MandateSummary | null {
  const mandate = mandateOfRow(row);
  if (mandate === null) return null;
  return {
    hash: row.hash as Hex,
    capability: row.capability,
    delegator: getAddress(row.delegator),
    bindingDigest: row.bindingDigest as Hex,
    issuedAt: issuedAtOf(mandate.scope),
  };
}
