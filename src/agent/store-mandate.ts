import type { Hex } from 'viem';
import type { Mandate } from '../protocol/delegation';
import type { Requirement } from '../protocol/harness-reply';
import type { Vault } from '../vault/vault';
import { mandateRowOf } from '../wallet';

/** Puts a signed mandate in the vault's keyring (an existing hash is returned untouched, never reset). */
export async function storeMandate(
  vault: Vault,
  requirement: Requirement,
  signed: { mandate: Mandate; hash: Hex },
): Promise<void> {
  await vault.mandates.record(mandateRowOf(requirement, signed));
}
