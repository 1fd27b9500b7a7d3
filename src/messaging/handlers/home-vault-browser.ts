import {
  HomeNamesRequest,
  HomeProvenanceRequest,
  HomeReceiptRequest,
  HomeReceiptsRequest,
  HomeRunsRequest,
  HomeVaultRecordsRequest,
  HomeVaultSummaryRequest,
} from '../../protocol/messages/home';
import {
  HOME_REPLIES,
  ProvenanceView,
  ReceiptsView,
  ReceiptView,
  RecordsView,
  RunsView,
  VaultSummary,
} from '../../protocol/messages/home-replies';
import type { HomeDeps } from '../../home/services';
import { runsOf } from '../../home/vault-runs';
import { namesOf, provenanceFile, receiptOf, receiptsOf, recordsOf, vaultSummary } from '../../home/vault-browser';
import { defineHandler } from '../handler';

/** The vault browser: counts, records by type, receipts, runs and provenance. Home pages only (the person's records). */
export function homeVaultBrowserHandlers(deps: HomeDeps) {
  const vaultOf = async () => (await deps.home()).vault;
  return [
    defineHandler({
      type: 'home.vault.summary',
      senders: ['extension-page'],
      request: HomeVaultSummaryRequest,
      reply: VaultSummary,
      handle: async () => vaultSummary(await vaultOf()),
    }),
    defineHandler({
      type: 'home.vault.records',
      senders: ['extension-page'],
      request: HomeVaultRecordsRequest,
      reply: RecordsView,
      handle: async ({ recordType, owner }) => recordsOf(await vaultOf(), recordType, owner),
    }),
    defineHandler({
      type: 'home.vault.receipts',
      senders: ['extension-page'],
      request: HomeReceiptsRequest,
      reply: ReceiptsView,
      handle: async ({ runRef }) => receiptsOf(await vaultOf(), runRef),
    }),
    defineHandler({
      type: 'home.vault.receipt',
      senders: ['extension-page'],
      request: HomeReceiptRequest,
      reply: ReceiptView,
      handle: async ({ id }) => receiptOf(await vaultOf(), id),
    }),
    defineHandler({
      type: 'home.vault.runs',
      senders: ['extension-page'],
      request: HomeRunsRequest,
      reply: RunsView,
      handle: async () => ({ runs: await runsOf(await vaultOf()) }),
    }),
    defineHandler({
      type: 'home.vault.names',
      senders: ['extension-page'],
      request: HomeNamesRequest,
      reply: HOME_REPLIES['home.vault.names'],
      handle: async ({ addresses }) => namesOf(await vaultOf(), addresses),
    }),
    defineHandler({
      type: 'home.vault.provenance',
      senders: ['extension-page'],
      request: HomeProvenanceRequest,
      reply: ProvenanceView,
      handle: async ({ runRef }) => provenanceFile(await vaultOf(), runRef),
    }),
  ];
}
