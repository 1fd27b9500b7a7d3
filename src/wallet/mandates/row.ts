import type { Hex } from 'viem';
import { Mandate } from '../../protocol/delegation';
import { digestOf } from '../../protocol/digest';
import type { Requirement } from '../../protocol/harness-reply';
import { delegationHashOf } from '../delegations/delegation-codec';

/** What the vault keeps of a signed mandate: its hash, the signed mandate itself, and the binding's digest. */
export type StoredMandateRow = { hash: string; bindingDigest: string; delegation: unknown };

/**
 * The signed mandate a vault row carries, checked against the row: its delegation hash is the row's key and its
 * binding digest the row's. A row whose stored mandate says otherwise was altered: null, and the caller refuses.
 */
export function mandateOfRow(row: StoredMandateRow): Mandate | null {
  const parsed = Mandate.safeParse(row.delegation);
  if (!parsed.success) return null;
  if (delegationHashOf(parsed.data.delegation).toLowerCase() !== row.hash.toLowerCase()) return null;
  if (digestOf(parsed.data.scope.binding).toLowerCase() !== row.bindingDigest.toLowerCase()) return null;
  return parsed.data;
}

/** The vault row for a mandate just signed for `requirement` (the vault's mandates table records it). */
export function mandateRowOf(requirement: Requirement, signed: { mandate: Mandate; hash: Hex }) {
  const { scope, delegation } = signed.mandate;
  return {
    hash: signed.hash,
    delegator: delegation.delegator,
    delegate: delegation.delegate,
    capability: scope.binding.capabilityId,
    runRef: requirement.runRef,
    stepRef: requirement.stepRef,
    maxUses: scope.calls,
    validAfter: scope.window.validAfter * 1000,
    validUntil: scope.window.validBefore * 1000,
    delegation: signed.mandate as never,
    binding: scope.binding,
    bindingDigest: digestOf(scope.binding),
  };
}
