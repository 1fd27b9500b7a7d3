import { base64ToBytes, bytesToBase64 } from '../keys/bytes';
import type { VaultTable } from '../schema';

/**
 * JSON for the export file, table by table. Only chainState holds bytes (the embedded chain's snapshot); they travel
 * as base64. Every other table is JSON already (its zod schema says so).
 */
export function encodeRow(table: VaultTable, row: unknown): unknown {
  if (table !== 'chainState') return row;
  const { bytes, ...rest } = row as { bytes: Uint8Array };
  return { ...rest, bytes: bytesToBase64(bytes) };
}

/** The inverse of encodeRow; a value that is not base64 is left as is, for the row schema to refuse. */
export function decodeRow(table: VaultTable | string, row: unknown): unknown {
  if (table !== 'chainState' || row === null || typeof row !== 'object') return row;
  const bytes = (row as { bytes?: unknown }).bytes;
  if (typeof bytes !== 'string') return row;
  const decoded = base64ToBytes(bytes);
  return decoded === undefined ? row : { ...row, bytes: decoded };
}
