import {
  HomeBackupConfirmRequest,
  HomeBackupGetRequest,
  HomeKeyCreateRequest,
  HomeKeyImportRequest,
} from '../../protocol/messages/home';
import { HomeStatus, KeyBackup } from '../../protocol/messages/home-replies';
import { defineHandler } from '../handler';
import { confirmKeyBackup, keyBackupOf } from '../../home/backup';
import type { HomeDeps } from '../../home/services';
import { createKey, importKey } from '../../home/onboarding';

/** Onboarding from the Home: create or import the owner key, download its sealed backup, confirm it. Home pages only. */
export function homeKeyHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.key.create',
      senders: ['extension-page'],
      request: HomeKeyCreateRequest,
      reply: KeyBackup,
      handle: async ({ name, passphrase }) => createKey(await deps.home(), { name, passphrase }),
    }),
    defineHandler({
      type: 'home.key.import',
      senders: ['extension-page'],
      request: HomeKeyImportRequest,
      reply: KeyBackup,
      handle: async ({ name, passphrase, privateKey }) =>
        importKey(await deps.home(), { name, passphrase, privateKey }),
    }),
    defineHandler({
      type: 'home.backup.get',
      senders: ['extension-page'],
      request: HomeBackupGetRequest,
      reply: KeyBackup,
      handle: async () => keyBackupOf(await deps.home()),
    }),
    defineHandler({
      type: 'home.backup.confirm',
      senders: ['extension-page'],
      request: HomeBackupConfirmRequest,
      reply: HomeStatus,
      handle: async ({ backup, passphrase }) => confirmKeyBackup(await deps.home(), { backup, passphrase }),
    }),
  ];
}
