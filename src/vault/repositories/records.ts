import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import type { CabinetFolder } from '../records/cabinet';
import {
  cabinetType,
  VaultRecord,
  type RecordInput,
  type RecordInputOf,
  type RecordOf,
  type RecordType,
} from '../records/record';
import { readRow, readRows, writeRow, type CorruptRow, type VaultRead } from '../rows';
import { normalizeAddress } from '../values';

/** Record types that carry a name a person may say (resolution is exact and case-insensitive, DESIGN §10). */
export type NamedRecordType = 'contact' | 'organization' | 'membership';

/** The person's records by type and owner (DESIGN §5). Every row is validated in and out. */
export type RecordsRepository = {
  /** Writes one record (insert or replace by id), keeping its first createdAt. */
  put<T extends RecordType>(input: RecordInputOf<T>): Promise<RecordOf<T>>;
  /** Writes many records in one transaction (bulk load, import); createdAt defaults to now. Returns the count. */
  putMany(inputs: readonly RecordInput[]): Promise<number>;
  get(id: string): Promise<VaultRecord | undefined>;
  /** Every record of one type owned by one agent (at most `limit`): one [type+owner] index range. */
  list<T extends RecordType>(type: T, owner: string, options?: { limit?: number }): Promise<VaultRead<RecordOf<T>>>;
  /** Every membership naming `member`, whoever's record it is (the organizations a person belongs to). */
  membershipsOf(member: string): Promise<VaultRead<RecordOf<'membership'>>>;
  count(type: RecordType, owner: string): Promise<number>;
  /** Records of a named type whose label or an alias equals `name`, case-insensitively; never fuzzy. */
  named<T extends NamedRecordType>(type: T, owner: string, name: string): Promise<VaultRead<RecordOf<T>>>;
  /** The folders a grant names, each folder's items (a missing folder is an empty list, not a guess). */
  cabinet(
    owner: string,
    folders: readonly CabinetFolder[],
  ): Promise<{ folders: Partial<Record<CabinetFolder, VaultRecord[]>>; corrupt: CorruptRow[] }>;
  delete(id: string): Promise<boolean>;
};

function namesOf(record: VaultRecord): string[] {
  if (record.type === 'contact' || record.type === 'organization')
    return [record.data.label.toLowerCase(), ...record.data.aliases];
  if (record.type === 'membership') return [record.data.memberLabel.toLowerCase(), ...record.data.memberAliases];
  return [];
}

export function createRecordsRepository(db: VaultDb, clock: VaultClock): RecordsRepository {
  const stamp = (input: RecordInput, createdAt: number, now: number) =>
    writeRow('records', VaultRecord, { ...input, createdAt, updatedAt: now });

  const list = async <T extends RecordType>(
    type: T,
    owner: string,
    options: { limit?: number } = {},
  ): Promise<VaultRead<RecordOf<T>>> => {
    const range = db.records.where('[type+owner]').equals([type, normalizeAddress(owner)]);
    const raws = await (options.limit === undefined ? range : range.limit(Math.max(0, options.limit))).toArray();
    return readRows('records', VaultRecord, raws) as VaultRead<RecordOf<T>>;
  };

  return {
    put: (input) =>
      db.transaction('rw', db.records, async () => {
        const now = clock.now();
        const existing = await db.records.get(input.id);
        const earlier = typeof existing?.createdAt === 'number' ? existing.createdAt : undefined;
        const row = stamp(input, input.createdAt ?? earlier ?? now, now);
        await db.records.put(row);
        return row as never;
      }),
    putMany: async (inputs) => {
      const now = clock.now();
      const rows = inputs.map((input) => stamp(input, input.createdAt ?? now, now));
      await db.records.bulkPut(rows);
      return rows.length;
    },
    get: async (id) => readRow('records', VaultRecord, await db.records.get(id)),
    list,
    membershipsOf: async (member) => {
      const who = normalizeAddress(member);
      const raws = await db.records
        .where('type')
        .equals('membership')
        .filter((row) => (row.data as { member?: unknown } | undefined)?.member === who)
        .toArray();
      return readRows('records', VaultRecord, raws) as VaultRead<RecordOf<'membership'>>;
    },
    count: (type, owner) =>
      db.records
        .where('[type+owner]')
        .equals([type, normalizeAddress(owner)])
        .count(),
    named: async (type, owner, name) => {
      const wanted = name.trim().toLowerCase();
      const all = await list(type, owner);
      return { rows: all.rows.filter((record) => namesOf(record).includes(wanted)), corrupt: all.corrupt };
    },
    cabinet: async (owner, folders) => {
      const reads = await Promise.all(
        folders.map(async (folder) => [folder, await list(cabinetType(folder), owner)] as const),
      );
      return {
        folders: Object.fromEntries(reads.map(([folder, read]) => [folder, read.rows])),
        corrupt: reads.flatMap(([, read]) => read.corrupt),
      };
    },
    delete: (id) =>
      db.transaction('rw', db.records, async () => {
        const found = (await db.records.get(id)) !== undefined;
        if (found) await db.records.delete(id);
        return found;
      }),
  };
}
