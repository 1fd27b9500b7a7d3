import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRows, writeRow, type VaultRead } from '../rows';
import { Address, Json, Millis, normalizeAddress } from '../values';

/**
 * Confirmation memory (seed 001 step 7): a choice the person confirmed, scoped to (asker, word,
 * capability, argument). It is cited as evidence — "remembered: you chose X for this before" — and authorizes nothing.
 */
export const ConfirmationRow = z.strictObject({
  id: z.string().min(1).max(800),
  word: z.string().min(1).max(200),
  capability: z.string().min(1).max(120),
  argument: z.string().min(1).max(120),
  choice: Json,
  label: z.string().max(200),
  asker: Address,
  confirmedAt: Millis,
});
export type ConfirmationRow = z.output<typeof ConfirmationRow>;
export type ConfirmationScope = { asker: string; word: string; capability: string; argument: string };

/** The word as it is matched: trimmed and lower-cased (exact, case-insensitive; DESIGN §10). */
const wordOf = (word: string) => word.trim().toLowerCase();

/** One row per scope: the id is the scope itself. */
export const confirmationId = (scope: ConfirmationScope) =>
  JSON.stringify([normalizeAddress(scope.asker), wordOf(scope.word), scope.capability, scope.argument]);

export type ConfirmationsRepository = {
  /** Remembers (or replaces) the choice for a scope. */
  remember(input: ConfirmationScope & { choice: z.input<typeof Json>; label: string }): Promise<ConfirmationRow>;
  /** The newest choice remembered for the scope, or undefined. */
  recall(scope: ConfirmationScope): Promise<ConfirmationRow | undefined>;
  list(): Promise<VaultRead<ConfirmationRow>>;
  forget(scope: ConfirmationScope): Promise<number>;
};

export function createConfirmationsRepository(db: VaultDb, clock: VaultClock): ConfirmationsRepository {
  // The [word+capability+argument] index finds the scope; the asker is compared on the rows it returns.
  const matching = (scope: ConfirmationScope) =>
    db.confirmations
      .where('[word+capability+argument]')
      .equals([wordOf(scope.word), scope.capability, scope.argument])
      .filter((row) => row.asker === normalizeAddress(scope.asker));

  return {
    remember: async (input) => {
      const row = writeRow('confirmations', ConfirmationRow, {
        ...input,
        word: wordOf(input.word),
        id: confirmationId(input),
        confirmedAt: clock.now(),
      });
      await db.confirmations.put(row);
      return row;
    },
    recall: async (scope) => {
      const read = readRows('confirmations', ConfirmationRow, await matching(scope).toArray());
      return read.rows.sort((a, b) => b.confirmedAt - a.confirmedAt)[0];
    },
    list: async () => readRows('confirmations', ConfirmationRow, await db.confirmations.toArray()),
    forget: (scope) => matching(scope).delete(),
  };
}
