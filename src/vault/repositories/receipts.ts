import Dexie from 'dexie';
import { z } from 'zod';
import { HomeError } from '../../protocol/errors';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Id, Json, Millis, normalizeAddress } from '../values';

/**
 * A step receipt (seed 001 step 11): append-only. The vault keeps the envelope (which run, which step, when, which
 * receipt schema); the body is the harness's receipt, validated as JSON here and shaped by src/harness.
 */
export const ReceiptRow = z.strictObject({
  id: Id,
  runRef: Id,
  stepRef: Id,
  /** Whom the step was for (the receipt binding's subject): "what did my agent do for X lately". */
  subject: Address.optional(),
  schemaVersion: z.number().int().min(1),
  createdAt: Millis,
  body: Json,
});
export type ReceiptRow = z.output<typeof ReceiptRow>;
export type ReceiptInput = Omit<z.input<typeof ReceiptRow>, 'createdAt'>;

export type ReceiptsRepository = {
  /** Appends a receipt; an id already written is refused (RECEIPT_EXISTS): a receipt is never overwritten. */
  append(input: ReceiptInput): Promise<ReceiptRow>;
  get(id: string): Promise<ReceiptRow | undefined>;
  /** A run's receipts in the order they were written. */
  byRun(runRef: string): Promise<VaultRead<ReceiptRow>>;
  /** The receipts of one step of one run ([runRef+stepRef]). */
  byStep(runRef: string, stepRef: string): Promise<VaultRead<ReceiptRow>>;
  /** The newest receipts for a subject, newest first ([subject+createdAt]). */
  recent(query: { subject: string; limit: number }): Promise<VaultRead<ReceiptRow>>;
};

const inOrder = (read: VaultRead<ReceiptRow>): VaultRead<ReceiptRow> => ({
  rows: [...read.rows].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  corrupt: read.corrupt,
});

export function createReceiptsRepository(db: VaultDb, clock: VaultClock): ReceiptsRepository {
  return {
    append: async (input) => {
      const row = writeRow('receipts', ReceiptRow, { ...input, createdAt: clock.now() });
      try {
        await db.receipts.add(row);
      } catch (error) {
        if (error instanceof Dexie.ConstraintError) {
          throw new HomeError(
            'RECEIPT_EXISTS',
            `A receipt "${row.id}" is already written; receipts are never overwritten.`,
            { details: { id: row.id } },
          );
        }
        throw error;
      }
      return row;
    },
    get: async (id) => readRow('receipts', ReceiptRow, await db.receipts.get(id)),
    byRun: async (runRef) =>
      inOrder(readRows('receipts', ReceiptRow, await db.receipts.where('runRef').equals(runRef).toArray())),
    byStep: async (runRef, stepRef) =>
      inOrder(
        readRows(
          'receipts',
          ReceiptRow,
          await db.receipts.where('[runRef+stepRef]').equals([runRef, stepRef]).toArray(),
        ),
      ),
    recent: async ({ subject, limit }) => {
      const who = normalizeAddress(subject);
      const raws = await db.receipts
        .where('[subject+createdAt]')
        .between([who, Dexie.minKey], [who, Dexie.maxKey])
        .reverse()
        .limit(Math.max(0, Math.min(limit, 1000)))
        .toArray();
      return readRows('receipts', ReceiptRow, raws);
    },
  };
}
