import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ChainStateStore } from '../../src/wallet/chain/chain-state-store';

/**
 * The gateway's embedded chain persisted to a file (the extension keeps it in IndexedDB): a restart restores the
 * snapshot instead of redeploying, and never forgets a revocation. Written to a temporary file and renamed, so a
 * crash mid-write leaves the previous snapshot.
 */
export function fileChainStateStore(path: string): ChainStateStore {
  return {
    async load() {
      try {
        return new Uint8Array(await readFile(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async save(bytes) {
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
  };
}
