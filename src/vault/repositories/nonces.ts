import Dexie from 'dexie';
import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { refuse, type Refusal } from '../outcome';
import { readRow, writeRow } from '../rows';
import { Millis } from '../values';

/**
 * A caller-assertion nonce, spent exactly once (DESIGN §3). The key is `<scope>/<nonce>` — the scope is who signed
 * the assertion (an app's address or id) — so one app cannot burn another's nonces. The row is kept until the assertion that carried it has expired; after that a replay is
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
  spend(input: { scope: string; nonce: string; expiresAt: number }): Promise<NonceSpend>;
  isSpent(scope: string, nonce: string): Promise<boolean>;
  /** Forgets nonces whose assertions have expired; returns how many. */
  sweep(): Promise<number>;
};

/** A scope has no '/' (so `<scope>/<nonce>` cannot be read two ways); an address is lower-cased. */
const Scope = z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/, 'letters, digits and . _ : - only');

export function nonceKey(scope: string, nonce: string): string | undefined {
  if (!Scope.safeParse(scope).success || nonce.length === 0 || nonce.length > 300) return undefined;
  return `${/^0x[0-9a-fA-F]{40}$/.test(scope) ? scope.toLowerCase() : scope}/${nonce}`;
}

export function createSpentNoncesRepository(db: VaultDb, clock: VaultClock): SpentNoncesRepository {
  return {
    spend: async ({ scope, nonce, expiresAt }) => {
      const key = nonceKey(scope, nonce);
      if (key === undefined)
        return refuse(
          'BAD_NONCE',
          'A nonce must be 1 to 300 characters, under a scope of letters, digits and . _ : -.',
        );
      const now = clock.now();
      // Spending a nonce whose assertion is already over would let the sweep forget it at once: refuse instead.
      if (expiresAt <= now) return refuse('NONCE_EXPIRED', 'This request has expired; ask the app to send it again.');
      const row = writeRow('spentNonces', SpentNonceRow, { nonce: key, spentAt: now, expiresAt });
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
    isSpent: async (scope, nonce) => {
      const key = nonceKey(scope, nonce);
      return key !== undefined && readRow('spentNonces', SpentNonceRow, await db.spentNonces.get(key)) !== undefined;
    },
    sweep: () => db.spentNonces.where('expiresAt').below(clock.now()).delete(),
  };
}
