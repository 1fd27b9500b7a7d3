import { z } from 'zod';
import { DigestSchema, AddressSchema } from '../../protocol/ask';
import type { Vault } from '../../vault/vault';
import type { PreparedRedemption } from '../../wallet';

/**
 * The reconcile record of a payment (DESIGN §10: "before redeeming, the intended effect is recorded"): the exact
 * signed redemption, stored in the vault's provenance table as the run's record under the effect's key before a
 * byte is sent. It outlives the run's week so a late resume still finds it. Read back through its schema: a record
 * that does not parse is no record, and reconcile then falls back to the chain's own call count.
 */
const Prepared = z.strictObject({
  chainId: z.number().int().positive(),
  delegationHash: DigestSchema,
  redeemer: AddressSchema,
  nonce: z.number().int().nonnegative(),
  calldata: z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/)
    .max(200_000),
  rawTransaction: z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/)
    .max(200_000),
  transactionHash: DigestSchema,
});

const KEEP_MS = 30 * 24 * 3600 * 1000;
const idOf = (effectKey: string) => `redemption:${effectKey.toLowerCase()}`;

export async function recordRedemption(
  vault: Vault,
  p: { effectKey: string; runRef: string | undefined; prepared: PreparedRedemption },
): Promise<void> {
  await vault.provenance.put({
    id: idOf(p.effectKey),
    runRef: p.runRef ?? 'redemptions',
    kind: 'run.record',
    mediaType: 'application/json',
    body: { ...p.prepared },
    expiresAt: vault.clock.now() + KEEP_MS,
  });
}

export async function recordedRedemption(vault: Vault, effectKey: string): Promise<PreparedRedemption | null> {
  const row = await vault.provenance.get(idOf(effectKey));
  if (row === undefined) return null;
  const parsed = Prepared.safeParse(row.body);
  return parsed.success ? (parsed.data as PreparedRedemption) : null;
}
