import { readFile, rename, writeFile } from 'node:fs/promises';
import { refuse, type Refusal } from '../outcome';
import type { KdfChoice } from '../keys/kdf';
import type { PassphraseSecrets } from '../keys/sealing';
import { exportVault, type VaultExport } from '../transfer/export';
import { importVault, type ImportRefusal, type VaultImport } from '../transfer/import';
import type { Vault } from '../vault';

/**
 * The command-line door's persistence (DESIGN §10): Node has no IndexedDB of its own, so its vault lives in
 * fake-indexeddb and is saved to a file in the same encrypted format the extension exports. Node only.
 */
export async function exportVaultToFile(
  vault: Vault,
  path: string,
  passphrase: string,
  /** `secrets`: the key the passphrase stretched when this file was opened (importVaultFromFile's `keepSecrets`). */
  options: { kdf?: KdfChoice; secrets?: PassphraseSecrets } = {},
): Promise<Omit<VaultExport, 'file'> & { path: string }> {
  const { file, ...rest } = await exportVault(vault, passphrase, options);
  // Write beside, then rename: a crash mid-write leaves the previous file whole.
  const temporary = `${path}.${process.pid}.partial`;
  await writeFile(temporary, file, { encoding: 'utf8', mode: 0o600 });
  await rename(temporary, path);
  return { ...rest, path };
}

/** Replaces the vault's contents with a file's; refusals (wrong passphrase, tampering, …) leave the vault as it was. */
export async function importVaultFromFile(
  vault: Vault,
  path: string,
  passphrase: string,
  keepSecrets?: (secrets: PassphraseSecrets) => void,
): Promise<VaultImport | ImportRefusal | Refusal<'VAULT_FILE_UNREADABLE'>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return refuse(
      'VAULT_FILE_UNREADABLE',
      code === 'ENOENT' ? `There is no vault file at ${path}.` : `The vault file at ${path} could not be read.`,
    );
  }
  return importVault(vault, text, passphrase, keepSecrets);
}
