import { access } from 'node:fs/promises';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { HomeError } from '../../protocol/errors';
import type { VaultClock } from '../clock';
import type { PassphraseSecrets } from '../keys/sealing';
import { openVaultRepositories, type Vault } from '../vault';
import { importVaultFromFile } from './vault-file';

/**
 * A vault for Node (tests, the command-line door): IndexedDB in memory (fake-indexeddb, DESIGN §10), filled from an
 * exported vault file when one exists at `path`. Save it back with exportVaultToFile. A file that will not open is
 * an error in words, never a silently empty vault.
 */
export async function openNodeVault(
  options: { path?: string; passphrase?: string; clock?: VaultClock; name?: string } = {},
): Promise<{
  vault: Vault;
  restored: boolean;
  /** The key the passphrase stretched to open the file: saving it again seals under it (one stretch, not two). */
  secrets?: PassphraseSecrets;
}> {
  const vault = await openVaultRepositories(options.name ?? 'home-agent-vault', {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  if (options.path === undefined) return { vault, restored: false };
  const exists = await access(options.path).then(
    () => true,
    () => false,
  );
  if (!exists) return { vault, restored: false };
  if (options.passphrase === undefined)
    throw new HomeError('PASSPHRASE_REQUIRED', `The vault file at ${options.path} needs its passphrase.`);
  let secrets: PassphraseSecrets | undefined;
  const imported = await importVaultFromFile(vault, options.path, options.passphrase, (s) => (secrets = s));
  if (!imported.ok) throw new HomeError(imported.code, imported.message);
  return { vault, restored: true, ...(secrets !== undefined ? { secrets } : {}) };
}
