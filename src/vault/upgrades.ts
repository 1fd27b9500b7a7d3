import type { Transaction } from 'dexie';

/**
 * The row rewrites that schema versions run once, inside their upgrade transaction (src/vault/schema.ts). Each is
 * frozen with its version: a later change is a new version with a new function, never an edit here.
 */

/**
 * How long a nonce spent under version 1 (which recorded no expiry) stays spent: a day is longer than any caller
 * assertion may live, so sweeping after it can never let a still-valid assertion be replayed.
 */
export const LEGACY_NONCE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** How long a provenance document written under versions 1–2 (which recorded no expiry) is kept: a week. */
export const LEGACY_PROVENANCE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Version 2: every spent nonce gets the expiry the sweep reads. */
export async function giveSpentNoncesAnExpiry(tx: Transaction): Promise<void> {
  await tx
    .table('spentNonces')
    .toCollection()
    .modify((row: Record<string, unknown>) => {
      if (typeof row.expiresAt === 'number') return;
      // A damaged spentAt keeps the nonce spent for ever: failing closed beats a replay.
      row.expiresAt =
        typeof row.spentAt === 'number' ? row.spentAt + LEGACY_NONCE_RETENTION_MS : Number.MAX_SAFE_INTEGER;
    });
}

function subjectOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const binding = (body as { binding?: unknown }).binding;
  if (binding === null || typeof binding !== 'object') return undefined;
  const subject = (binding as { subject?: unknown }).subject;
  return typeof subject === 'string' && /^0x[0-9a-fA-F]{40}$/.test(subject) ? subject.toLowerCase() : undefined;
}

/** Version 3: receipts carry their subject (from the receipt's binding); provenance kinds are renamed and expire. */
export async function indexReceiptSubjectsAndExpireProvenance(tx: Transaction): Promise<void> {
  await tx
    .table('receipts')
    .toCollection()
    .modify((row: Record<string, unknown>) => {
      const subject = subjectOf(row.body);
      if (row.subject === undefined && subject !== undefined) row.subject = subject;
    });
  const kinds: Record<string, string> = { prov: 'run.provenance', artifact: 'run.artifact' };
  await tx
    .table('provenance')
    .toCollection()
    .modify((row: Record<string, unknown>) => {
      if (typeof row.kind === 'string' && kinds[row.kind] !== undefined) row.kind = kinds[row.kind];
      if (typeof row.expiresAt !== 'number') {
        row.expiresAt =
          typeof row.createdAt === 'number' ? row.createdAt + LEGACY_PROVENANCE_RETENTION_MS : Number.MAX_SAFE_INTEGER;
      }
    });
}

/**
 * Version 4: the model settings get names that say which tier they feed. `model.plannerModel` fed the composing tier
 * (the composer and instruction skills) and `model.judgeModel` the light tier (the judge, plan choice and the
 * planner); each value moves to its clear name, and a value already under the new name is kept.
 */
export const RENAMED_SETTINGS_V4: Readonly<Record<string, string>> = {
  'model.plannerModel': 'model.composeModel',
  'model.judgeModel': 'model.lightModel',
};

export async function renameModelSettings(tx: Transaction): Promise<void> {
  const settings = tx.table('settings');
  for (const [old, renamed] of Object.entries(RENAMED_SETTINGS_V4)) {
    const row = (await settings.get(old)) as Record<string, unknown> | undefined;
    if (row === undefined) continue;
    if ((await settings.get(renamed)) === undefined) await settings.add({ ...row, key: renamed });
    await settings.delete(old);
  }
}
