import type { VaultRecord } from '../vault/records/record';

type Field = string | number | boolean | null;

const isPrimitive = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * A value as one table cell, as a person reads it: primitives as they are, a list of words as "a, b" (aliases,
 * roles), anything else as capped JSON.
 */
export function cell(value: unknown): Field {
  if (value === null || isPrimitive(value)) return typeof value === 'string' ? value.slice(0, 2000) : value;
  if (value === undefined) return null;
  if (Array.isArray(value) && value.every(isPrimitive)) return value.map(String).join(', ').slice(0, 2000);
  return JSON.stringify(value).slice(0, 2000);
}

/** The record's title in words: a name where it has one, else the first words of what it says. */
function titleOf(record: VaultRecord): string {
  switch (record.type) {
    case 'contact':
    case 'organization':
      return record.data.label;
    case 'membership':
      return `${record.data.memberLabel} (${record.data.roles.join(', ')})`;
    case 'memory':
      return record.data.text.slice(0, 120);
    case 'preference':
      return record.data.key;
    case 'payer.default':
      return `${record.data.label} pays by default`;
    default: {
      const data = record.data as Record<string, unknown>;
      const named = ['name', 'title', 'summary', 'kind', 'at', 'date']
        .map((k) => data[k])
        .find((v) => typeof v === 'string' || typeof v === 'number');
      return named === undefined ? record.id : String(named).slice(0, 120);
    }
  }
}

/** A vault record as the vault browser lists it: its title and its top-level fields as table cells. */
export function recordView(record: VaultRecord) {
  const fields: Record<string, Field> = {};
  for (const [key, value] of Object.entries(record.data as Record<string, unknown>).slice(0, 24))
    fields[key.slice(0, 64)] = cell(value);
  return {
    id: record.id,
    type: record.type,
    title: titleOf(record).slice(0, 300),
    fields,
    updatedAt: record.updatedAt,
  };
}
