import { HomeError } from '../../protocol/errors';
import {
  HomeBackupConfirmRequest,
  HomeBackupGetRequest,
  HomeKeyCreateRequest,
  HomeKeyImportRequest,
} from '../../protocol/messages/home';
import { HomeStatus, KeyBackup } from '../../protocol/messages/home-replies';
import { generateOwnerKey, importOwnerKey } from '../../wallet';
import { defineHandler } from '../handler';
import { keyBackupText, openKeyBackup } from './home-backup-file';
import { BACKUP_CONFIRMED_ID, homeStatus, ownerKeyRow, requirePerson, type HomeDeps } from './home-deps';
import { onboard } from './home-onboard';

/** Onboarding from the Home: create or import the owner key, download its sealed backup, confirm it. Home pages only. */
export function homeKeyHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.key.create',
      senders: ['extension-page'],
      request: HomeKeyCreateRequest,
      reply: KeyBackup,
      handle: async ({ name, passphrase }) =>
        onboard(await deps.home(), { name, passphrase, ownerKey: generateOwnerKey() }),
    }),
    defineHandler({
      type: 'home.key.import',
      senders: ['extension-page'],
      request: HomeKeyImportRequest,
      reply: KeyBackup,
      handle: async ({ name, passphrase, privateKey }) =>
        onboard(await deps.home(), { name, passphrase, ownerKey: importOwnerKey(privateKey) }),
    }),
    defineHandler({
      type: 'home.backup.get',
      senders: ['extension-page'],
      request: HomeBackupGetRequest,
      reply: KeyBackup,
      async handle() {
        const services = await deps.home();
        const person = await requirePerson(services.vault);
        const rows = (await services.vault.keys.list()).rows;
        return { ...keyBackupText(person, rows), status: await homeStatus(services) };
      },
    }),
    defineHandler({
      type: 'home.backup.confirm',
      senders: ['extension-page'],
      request: HomeBackupConfirmRequest,
      reply: HomeStatus,
      async handle({ backup, passphrase }) {
        const services = await deps.home();
        const { vault } = services;
        const person = await requirePerson(vault);
        const owner = await ownerKeyRow(vault);
        const opened = await openKeyBackup(backup, passphrase, vault.clock);
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
      },
    }),
  ];
}
