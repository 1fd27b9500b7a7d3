import { z } from 'zod';
import { HomeError } from '../protocol/errors';
import type { VaultClock } from '../vault/clock';
import { createKeyring } from '../vault/keys/keyring';
import { memorySessionKeyStore } from '../vault/keys/session-keys';
import { KeyRow, type KeysRepository } from '../vault/repositories/keys';
import type { AgentRow } from '../vault/repositories/agents';

/**
 * The key backup the person downloads at onboarding: the owner key exactly as the vault holds it — sealed under the
 * passphrase (scrypt → AES-GCM) — with the Smart Agent's label and salt, so the key and its identity can be
 * restored. The plaintext key never leaves the background worker (DESIGN §2): without the passphrase the file is
 * ciphertext. The person confirms the backup by opening it again here with the passphrase.
 */
export const KeyBackupFile = z.strictObject({
  kind: z.literal('home-agent/key-backup'),
  v: z.literal(1),
  person: z.strictObject({
    address: z.string().regex(/^0x[0-9a-f]{40}$/),
    label: z.string().min(1).max(200),
    salt: z.string().regex(/^0x[0-9a-f]{64}$/),
  }),
  keys: z.array(KeyRow).min(1).max(4),
});
export type KeyBackupFile = z.output<typeof KeyBackupFile>;

/** The backup file's text for a person and their sealed key rows (only the owner key: the harness key is replaceable). */
export function keyBackupText(person: AgentRow, rows: readonly KeyRow[]): { fileName: string; text: string } {
  if (person.salt === undefined || person.salt.length !== 66)
    throw new HomeError(
      'NO_SALT',
      'This agent has no salt on record, so its identity cannot be backed up with its key.',
    );
  const owner = rows.filter((row) => row.purpose === 'owner');
  if (owner.length !== 1) throw new HomeError('NO_KEYS', 'This vault holds no owner key to back up.');
  const file: KeyBackupFile = {
    kind: 'home-agent/key-backup',
    v: 1,
    person: { address: person.address, label: person.label, salt: person.salt },
    keys: owner,
  };
  return { fileName: `home-agent-key-backup-${person.address.slice(2, 10)}.json`, text: JSON.stringify(file, null, 2) };
}

/** A KeysRepository over the rows of a file, read-only: lets the real keyring open them without touching the vault. */
function fileKeys(rows: readonly KeyRow[]): KeysRepository {
  const readOnly = () => Promise.reject(new HomeError('READ_ONLY', 'A backup file is only read.'));
  return {
    get: async (id) => rows.find((row) => row.id === id),
    list: async () => ({ rows: [...rows], corrupt: [] }),
    add: readOnly,
    replaceAll: readOnly,
  };
}

/**
 * Opens a backup file with the passphrase and returns the owner key's address it holds — proof that the person has
 * both the file and the passphrase. Every failure is a refusal in words; nothing is written anywhere.
 */
export async function openKeyBackup(
  text: string,
  passphrase: string,
  clock: VaultClock,
): Promise<{ owner: string; file: KeyBackupFile }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HomeError('BACKUP_UNREADABLE', 'That file is not a Home Agent key backup (it is not JSON).');
  }
  const parsed = KeyBackupFile.safeParse(json);
  if (!parsed.success)
    throw new HomeError('BACKUP_UNREADABLE', 'That file is not a Home Agent key backup, or it was altered.');
  const keyring = createKeyring({ keys: fileKeys(parsed.data.keys), session: memorySessionKeyStore(), clock });
  const opened = await keyring.unlock(passphrase);
  if (!opened.ok) {
    const words =
      opened.code === 'WRONG_PASSPHRASE'
        ? 'That passphrase does not open this backup. Use the passphrase you chose for this Home.'
        : opened.message;
    throw new HomeError(opened.code, words);
  }
  const owner = opened.session.keys.find((key) => key.purpose === 'owner');
  if (owner === undefined) throw new HomeError('BACKUP_UNREADABLE', 'That backup holds no owner key.');
  return { owner: owner.address, file: parsed.data };
}
