import {
  HomeExportRequest,
  HomeImportBeginRequest,
  HomeImportCancelRequest,
  HomeImportChunkRequest,
  HomeImportCommitRequest,
} from '../../protocol/messages/home';
import {
  ImportBegun,
  ImportCancelled,
  ImportDone,
  ImportProgress,
  VaultExportView,
} from '../../protocol/messages/home-replies';
import type { HomeDeps } from '../../home/services';
import { exportHome, homeImports } from '../../home/transfer';
import { defineHandler } from '../handler';

/** Export and import of the whole vault (src/home/transfer.ts); an import arrives in pieces. Home pages only. */
export function homeTransferHandlers(deps: HomeDeps) {
  const imports = homeImports();
  return [
    defineHandler({
      type: 'home.vault.export',
      senders: ['extension-page'],
      request: HomeExportRequest,
      reply: VaultExportView,
      handle: async ({ passphrase }) => exportHome(await deps.home(), passphrase),
    }),
    defineHandler({
      type: 'home.vault.import.begin',
      senders: ['extension-page'],
      request: HomeImportBeginRequest,
      reply: ImportBegun,
      handle: async ({ chars }) => imports.begin(await deps.home(), chars),
    }),
    defineHandler({
      type: 'home.vault.import.chunk',
      senders: ['extension-page'],
      request: HomeImportChunkRequest,
      reply: ImportProgress,
      handle: async ({ uploadId, index, data }) => imports.chunk(await deps.home(), { uploadId, index, data }),
    }),
    defineHandler({
      type: 'home.vault.import.commit',
      senders: ['extension-page'],
      request: HomeImportCommitRequest,
      reply: ImportDone,
      handle: async ({ uploadId, passphrase }) => imports.commit(await deps.home(), { uploadId, passphrase }),
    }),
    defineHandler({
      type: 'home.vault.import.cancel',
      senders: ['extension-page'],
      request: HomeImportCancelRequest,
      reply: ImportCancelled,
      handle: ({ uploadId }) => imports.cancel(uploadId),
    }),
  ];
}
