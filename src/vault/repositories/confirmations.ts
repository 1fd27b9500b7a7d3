import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Json, Millis } from '../values';

/**
 * Confirmation memory (seed 001 step 7, spec 385): a choice the person confirmed, scoped to (word, capability,
 * argument). It is cited as evidence — "remembered: you chose X for this before" — and authorizes nothing.
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
export type ConfirmationScope = { word: string; capability: string; argument: string };

/** One row per scope: the id is the scope itself (the word lower-cased and trimmed, as it is matched). */
export const confirmationId = ({ word, capability, argument }: ConfirmationScope) =>
  JSON.stringify([word.trim().toLowerCase(), capability, argument]);

export type ConfirmationsRepository = {
  /** Remembers (or replaces) the choice for a scope. */
  remember(input: ConfirmationScope & { choice: z.input<typeof Json>; label: string; asker: string }): Promise<ConfirmationRow>;
  recall(scope: ConfirmationScope): Promise<ConfirmationRow | undefined>;
  list(): Promise<VaultRead<ConfirmationRow>>;
  forget(scope: ConfirmationScope): Promise<void>;
};

export function createConfirmationsRepository(db: VaultDb, clock: VaultClock): ConfirmationsRepository {
  return {
    remember: async (input) => {
      const word = input.word.trim().toLowerCase();
      const row = writeRow('confirmations', ConfirmationRow, { ...input, word, id: confirmationId(input), confirmedAt: clock.now() });
      await db.confirmations.put(row);
      return row;
    },
    recall: async (scope) => readRow('confirmations', ConfirmationRow, await db.confirmations.get(confirmationId(scope))),
    list: async () => readRows('confirmations', ConfirmationRow, await db.confirmations.toArray()),
    forget: (scope) => db.confirmations.delete(confirmationId(scope)),
  };
}
