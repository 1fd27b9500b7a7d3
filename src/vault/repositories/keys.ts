import Dexie from 'dexie';
import { z } from 'zod';
import { HomeError } from '../../protocol/errors';
import type { VaultDb } from '../db';
import { KdfParams } from '../keys/kdf';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, HexBytes, Id, Millis } from '../values';

/**
 * A key at rest (DESIGN §2): only ciphertext. `check` tells a wrong passphrase from tampering; the key's id,
 * purpose and address are the AES-GCM additional data, so a row cannot be relabelled without failing to open.
 */
export const KeyRow = z.strictObject({
  id: Id,
  address: Address,
  purpose: z.enum(['owner', 'harness']),
  kdf: KdfParams,
  check: HexBytes.refine((hex) => hex.length === 66, '32 bytes'),
  iv: HexBytes.refine((hex) => hex.length === 26, '12 bytes'),
  ciphertext: HexBytes,
  createdAt: Millis,
});
export type KeyRow = z.output<typeof KeyRow>;
export type KeyPurpose = KeyRow['purpose'];

export type KeysRepository = {
  get(id: string): Promise<KeyRow | undefined>;
  list(): Promise<VaultRead<KeyRow>>;
  /** Adds new keys in one transaction; an id already present is refused by the database (never overwritten). */
  add(rows: readonly z.input<typeof KeyRow>[]): Promise<KeyRow[]>;
  /** Replaces every key at once (a passphrase change re-seals them all, or none). */
  replaceAll(rows: readonly z.input<typeof KeyRow>[]): Promise<KeyRow[]>;
};

export function createKeysRepository(db: VaultDb): KeysRepository {
  const validate = (rows: readonly unknown[]) => rows.map((row) => writeRow('keys', KeyRow, row));
  return {
    get: async (id) => readRow('keys', KeyRow, await db.keys.get(id)),
    list: async () => readRows('keys', KeyRow, await db.keys.toArray()),
    add: async (rows) => {
      const valid = validate(rows);
      try {
        await db.transaction('rw', db.keys, () => db.keys.bulkAdd(valid));
      } catch (error) {
        if (error instanceof Dexie.BulkError || error instanceof Dexie.ConstraintError) {
          throw new HomeError('KEY_EXISTS', 'A key with that id is already in the vault; keys are never overwritten.', {
            cause: error,
          });
        }
        throw error;
      }
      return valid;
    },
    replaceAll: async (rows) => {
      const valid = validate(rows);
      await db.transaction('rw', db.keys, async () => {
        await db.keys.clear();
        await db.keys.bulkAdd(valid);
      });
      return valid;
    },
  };
}
