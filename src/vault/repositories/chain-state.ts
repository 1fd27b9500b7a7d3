import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, writeRow } from '../rows';
import { Millis } from '../values';

/** What the embedded chain (src/wallet) asks of the vault: its last state snapshot, and a place to save the next. */
export type ChainStateStore = { load(): Promise<Uint8Array | undefined>; save(bytes: Uint8Array): Promise<void> };

export const ChainStateRow = z
  .strictObject({
    id: z.string().min(1).max(100),
    bytes: z.instanceof(Uint8Array),
    byteLength: z.number().int().nonnegative(),
    savedAt: Millis,
  })
  .refine((row) => row.bytes.byteLength === row.byteLength, 'the snapshot is truncated (byteLength does not match)');
export type ChainStateRow = z.output<typeof ChainStateRow>;

/**
 * The persisted embedded-chain snapshot (DESIGN §4), one row per chain id, so a worker restart restores the chain
 * and never forgets a revocation or a balance. A damaged snapshot is VAULT_ROW_CORRUPT, never a silent fresh chain.
 */
export function createChainStateStore(db: VaultDb, clock: VaultClock, id = 'embedded'): ChainStateStore {
  return {
    load: async () => readRow('chainState', ChainStateRow, await db.chainState.get(id))?.bytes,
    save: async (bytes) => {
      // Copy: the caller may reuse its buffer; the vault must hold the bytes it was given at this moment.
      const copy = bytes.slice();
      await db.chainState.put(
        writeRow('chainState', ChainStateRow, { id, bytes: copy, byteLength: copy.byteLength, savedAt: clock.now() }),
      );
    },
  };
}
