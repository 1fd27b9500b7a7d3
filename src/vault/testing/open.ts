import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { fixedClock } from '../clock';
import { openVault } from '../db';
import type { KdfChoice } from '../keys/kdf';
import { createVault, type Vault } from '../vault';

/**
 * Test helpers (Node only: fake-indexeddb is the real IndexedDB algorithm in memory, the only IndexedDB Node has).
 * Each call gets its own factory, so tests never share a database unless they ask to.
 */
export const T0 = Date.UTC(2026, 8, 29, 11, 58); // "now 2026-09-29 11:58", seed 000

/** scrypt at N=2^10: marked test-only, refused by freshKdf() without the mark. Never used outside tests. */
export const TEST_KDF: KdfChoice = { name: 'scrypt', N: 2 ** 10, r: 8, p: 1, testOnly: true };

export type TestVault = Vault & { clock: ReturnType<typeof fixedClock>; factory: IDBFactory; name: string };

export async function openTestVault(
  options: { start?: number; upToVersion?: number; factory?: IDBFactory; name?: string } = {},
): Promise<TestVault> {
  const factory = options.factory ?? new IDBFactory();
  const name = options.name ?? 'test-vault';
  const clock = fixedClock(options.start ?? T0);
  const db = await openVault(name, {
    indexedDB: factory,
    IDBKeyRange,
    ...(options.upToVersion === undefined ? {} : { upToVersion: options.upToVersion }),
  });
  return Object.assign(createVault(db, { clock }), { clock, factory, name });
}

/** A second connection to the same database (another context of the same profile). */
export async function secondConnection(vault: TestVault): Promise<TestVault> {
  return openTestVault({ factory: vault.factory, name: vault.name, start: vault.clock.now() });
}

/** Fixed 20-byte addresses for tests that need an owner but not a real identity. */
export const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;
export const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
