import { StepReceipt } from '../protocol/harness-reply';
import { ReceiptRow } from '../vault/repositories/receipts';
import { readRows } from '../vault/rows';
import type { Vault } from '../vault/vault';

/** How many rows a list in the vault browser shows at most. */
export const LIST = 500;

/** Every receipt (or one run's), newest first, validated; damaged rows are named, never shown as receipts. */
export async function receiptRows(vault: Vault, runRef?: string) {
  if (runRef !== undefined) return vault.receipts.byRun(runRef);
  const read = readRows('receipts', ReceiptRow, await vault.db.receipts.toArray());
  return { rows: read.rows.sort((a, b) => b.createdAt - a.createdAt), corrupt: read.corrupt };
}

export function receiptSummaryOf(row: ReceiptRow) {
  const body = StepReceipt.safeParse(row.body);
  return {
    id: row.id,
    runRef: row.runRef,
    stepRef: row.stepRef,
    toolId: body.success ? body.data.toolId : 'unreadable receipt',
    status: body.success ? body.data.status : 'unreadable',
    presentedRef: body.success ? body.data.presentedRef : '',
    createdAt: row.createdAt,
  };
}

/** Runs the vault knows: suspended checkpoints, and finished runs by their receipts; newest first. */
export async function runsOf(vault: Vault) {
  const [checkpoints, receipts] = await Promise.all([vault.runs.list(), receiptRows(vault)]);
  const runs = new Map<
    string,
    {
      runRef: string;
      status: string;
      addressee: `0x${string}` | null;
      updatedAt: number;
      expiresAt: number | null;
      receipts: number;
    }
  >();
  for (const run of checkpoints.rows)
    runs.set(run.runRef, {
      runRef: run.runRef,
      status: run.status,
      addressee: run.addressee,
      updatedAt: run.updatedAt,
      expiresAt: run.expiresAt,
      receipts: 0,
    });
  for (const receipt of receipts.rows) {
    const run = runs.get(receipt.runRef) ?? {
      runRef: receipt.runRef,
      status: 'finished',
      addressee: receipt.subject ?? null,
      updatedAt: receipt.createdAt,
      expiresAt: null,
      receipts: 0,
    };
    run.receipts += 1;
    run.updatedAt = Math.max(run.updatedAt, receipt.createdAt);
    runs.set(receipt.runRef, run);
  }
  const list = [...runs.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, LIST);
  return Promise.all(
    list.map(async (run) => ({
      ...run,
      hasProvenance: (await vault.provenance.byRun(run.runRef, 'run.provenance')).rows.length > 0,
    })),
  );
}
