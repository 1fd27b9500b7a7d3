import { getAddress, type Hex } from 'viem';
import type { MandateSummary } from '../../harness';
import type { MandateRow } from '../../vault/repositories/mandates';
import { issuedAtOf, mandateOfRow } from '../../wallet';

/** A vault row as the harness's keyring lists it; a row whose stored mandate does not match it is left out. */
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
