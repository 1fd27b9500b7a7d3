import { HomeError } from '../protocol/errors';
import { keyBackupText, openKeyBackup } from './key-backup';
import type { HomeServices } from './services';
import { BACKUP_CONFIRMED_ID, homeStatus, ownerKeyRow, requirePerson } from './status';

/** The person's sealed key backup again, as a file to save. */
export async function keyBackupOf(services: HomeServices) {
  const person = await requirePerson(services.vault);
  const rows = (await services.vault.keys.list()).rows;
  return { ...keyBackupText(person, rows), status: await homeStatus(services) };
}

/**
 * The person proves they saved their backup by opening it with their passphrase: only a file that holds this Home's
 * own key confirms it (a preference of the person's agent), so onboarding moves on.
 */
export async function confirmKeyBackup(services: HomeServices, input: { backup: string; passphrase: string }) {
  const { vault } = services;
  const person = await requirePerson(vault);
  const owner = await ownerKeyRow(vault);
  const opened = await openKeyBackup(input.backup, input.passphrase, vault.clock);
  if (owner === undefined || opened.owner !== owner.address || opened.file.person.address !== person.address) {
    throw new HomeError(
      'BACKUP_MISMATCH',
      'That backup opens, but it holds a different key than this Home. Choose the file you just saved.',
    );
  }
  await vault.records.put({
    id: BACKUP_CONFIRMED_ID,
    type: 'preference',
    owner: person.address,
    data: { key: BACKUP_CONFIRMED_ID, value: vault.clock.now() },
  });
  return homeStatus(services);
}
