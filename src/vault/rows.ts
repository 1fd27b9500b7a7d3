import { type z } from 'zod';
import { HomeError } from '../protocol/errors';
import { PRIMARY_KEY, type VaultTable } from './schema';

/** A row that failed its schema on the way out: which table, which id, what is wrong — in words. */
export type CorruptRow = { table: VaultTable; id: string; message: string };

/** A list read: the rows that validated, and every damaged row that was left out (never a crash). */
export type VaultRead<T> = { rows: T[]; corrupt: CorruptRow[] };

function issuesInWords(error: z.ZodError, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the row';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return parts.join('; ') + more;
}

function idOf(table: VaultTable, raw: unknown): string {
  const key =
    raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[PRIMARY_KEY[table]] : undefined;
  return typeof key === 'string' || typeof key === 'number' ? String(key).slice(0, 256) : '(no id)';
}

/** Validates a row on its way out; a damaged row is described, with its table and id. */
export function checkRow<S extends z.ZodType>(
  table: VaultTable,
  schema: S,
  raw: unknown,
): { ok: true; row: z.output<S> } | { ok: false; corrupt: CorruptRow } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, row: parsed.data };
  const id = idOf(table, raw);
  const message = `The vault's ${table} row "${id}" is damaged and was left out (${issuesInWords(parsed.error)}).`;
  return { ok: false, corrupt: { table, id, message } };
}

/** Reads one row: absent is undefined, damaged is a HomeError VAULT_ROW_CORRUPT naming the table and id. */
export function readRow<S extends z.ZodType>(table: VaultTable, schema: S, raw: unknown): z.output<S> | undefined {
  if (raw === undefined) return undefined;
  const checked = checkRow(table, schema, raw);
  if (checked.ok) return checked.row;
  throw new HomeError('VAULT_ROW_CORRUPT', checked.corrupt.message, { details: { table, id: checked.corrupt.id } });
}

/** Reads many rows: every valid one, and a description of every damaged one. */
export function readRows<S extends z.ZodType>(
  table: VaultTable,
  schema: S,
  raws: readonly unknown[],
): VaultRead<z.output<S>> {
  const rows: z.output<S>[] = [];
  const corrupt: CorruptRow[] = [];
  for (const raw of raws) {
    const checked = checkRow(table, schema, raw);
    if (checked.ok) rows.push(checked.row);
    else corrupt.push(checked.corrupt);
  }
  return { rows, corrupt };
}

/** Validates a row on its way in; a bad row is refused in words (VAULT_ROW_INVALID) and nothing is written. */
export function writeRow<S extends z.ZodType>(table: VaultTable, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HomeError('VAULT_ROW_INVALID', `The vault refused a ${table} row: ${issuesInWords(parsed.error)}.`, {
    details: { table, id: idOf(table, value) },
  });
}
