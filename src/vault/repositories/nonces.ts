import Dexie from 'dexie';
import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { refuse, type Refusal } from '../outcome';
import { readRow, writeRow } from '../rows';
import { Millis, normalizeAddress } from '../values';

/**
 * A caller-assertion nonce, spent exactly once (DESIGN §3). The key is `<issuer>/<nonce>` so one app cannot burn
 * another's nonces. The row is kept until the assertion that carried it has expired; after that a replay is
 * refused as expired, so the sweep cannot reopen a door.
 */
export const SpentNonceRow = z.strictObject({
  nonce: z.string().min(1).max(400),
  spentAt: Millis,
  expiresAt: Millis,
});
export type SpentNonceRow = z.output<typeof SpentNonceRow>;

export type NonceSpend = { ok: true; spent: SpentNonceRow } | Refusal<'NONCE_REUSED' | 'NONCE_EXPIRED' | 'BAD_NONCE'>;

export type SpentNoncesRepository = {
  /** Spends a nonce atomically: the first spend wins, every later one (even concurrent) is NONCE_REUSED. */
  spend(input: { issuer: string; nonce: string; expiresAt: number }): Promise<NonceSpend>;
  isSpent(issuer: string, nonce: string): Promise<boolean>;
  /** Forgets nonces whose assertions have expired; returns how many. */
  sweep(): Promise<number>;
};

export const nonceKey = (issuer: string, nonce: string) => `${normalizeAddress(issuer)}/${nonce}`;

export function createSpentNoncesRepository(db: VaultDb, clock: VaultClock): SpentNoncesRepository {
  return {
    spend: async ({ issuer, nonce, expiresAt }) => {
      if (nonce.length === 0 || nonce.length > 300) return refuse('BAD_NONCE', 'A nonce must be 1 to 300 characters.');
      const now = clock.now();
      // Spending a nonce whose assertion is already over would let the sweep forget it at once: refuse instead.
      if (expiresAt <= now) return refuse('NONCE_EXPIRED', 'This request has expired; ask the app to send it again.');
      const row = writeRow('spentNonces', SpentNonceRow, { nonce: nonceKey(issuer, nonce), spentAt: now, expiresAt });
      try {
        // add() relies on the primary key's uniqueness: IndexedDB itself lets exactly one writer in.
        await db.spentNonces.add(row);
        return { ok: true as const, spent: row };
      } catch (error) {
        if (error instanceof Dexie.ConstraintError) {
          return refuse('NONCE_REUSED', 'This request was already used once; a replayed request is refused.');
        }
        throw error;
      }
    },
    isSpent: async (issuer, nonce) => readRow('spentNonces', SpentNonceRow, await db.spentNonces.get(nonceKey(issuer, nonce))) !== undefined,
    sweep: () => db.spentNonces.where('expiresAt').below(clock.now()).delete(),
  };
}
