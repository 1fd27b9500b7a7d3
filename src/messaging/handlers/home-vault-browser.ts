import { HomeError } from '../../protocol/errors';
import { StepReceipt } from '../../protocol/harness-reply';
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
import { RECORD_TYPES, type RecordType } from '../../vault/records/record';
import { ReceiptRow } from '../../vault/repositories/receipts';
import { readRows } from '../../vault/rows';
import type { Vault } from '../../vault/vault';
import { defineHandler } from '../handler';
import { recordView } from './home-record-view';
import type { HomeDeps } from './home-deps';

const LIST = 500;

/** Every receipt (or one run's), newest first, validated; damaged rows are named, never shown as receipts. */
async function receiptRows(vault: Vault, runRef?: string) {
  if (runRef !== undefined) return vault.receipts.byRun(runRef);
  const read = readRows('receipts', ReceiptRow, await vault.db.receipts.toArray());
  return { rows: read.rows.sort((a, b) => b.createdAt - a.createdAt), corrupt: read.corrupt };
}

function summaryOf(row: ReceiptRow) {
  const body = StepReceipt.safeParse(row.body);
  return {
    id: row.id,
    runRef: row.runRef,
    stepRef: row.stepRef,
    toolId: body.success ? body.data.toolId : 'unreadable receipt',
    status: body.success ? body.data.status : 'unreadable',
    presentedRef: body.success ? body.data.presentedRef : '',
    createdAt: row.createdAt,
  };
}

/** Runs the vault knows: suspended checkpoints, and finished runs by their receipts; newest first. */
async function runsOf(vault: Vault) {
  const [checkpoints, receipts] = await Promise.all([vault.runs.list(), receiptRows(vault)]);
  const runs = new Map<
    string,
    {
      runRef: string;
      status: string;
      addressee: `0x${string}` | null;
      updatedAt: number;
      expiresAt: number | null;
      receipts: number;
    }
  >();
  for (const run of checkpoints.rows)
    runs.set(run.runRef, {
      runRef: run.runRef,
      status: run.status,
      addressee: run.addressee,
      updatedAt: run.updatedAt,
      expiresAt: run.expiresAt,
      receipts: 0,
    });
  for (const receipt of receipts.rows) {
    const run = runs.get(receipt.runRef) ?? {
      runRef: receipt.runRef,
      status: 'finished',
      addressee: receipt.subject ?? null,
      updatedAt: receipt.createdAt,
      expiresAt: null,
      receipts: 0,
    };
    run.receipts += 1;
    run.updatedAt = Math.max(run.updatedAt, receipt.createdAt);
    runs.set(receipt.runRef, run);
  }
  const list = [...runs.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, LIST);
  return Promise.all(
    list.map(async (run) => ({
      ...run,
      hasProvenance: (await vault.provenance.byRun(run.runRef, 'run.provenance')).rows.length > 0,
    })),
  );
}

/** The vault browser: counts, records by type, receipts, runs and provenance. Home pages only (the person's records). */
export function homeVaultBrowserHandlers(deps: HomeDeps) {
  const vaultOf = async () => (await deps.home()).vault;
  return [
    defineHandler({
      type: 'home.vault.summary',
      senders: ['extension-page'],
      request: HomeVaultSummaryRequest,
      reply: VaultSummary,
      async handle() {
        const vault = await vaultOf();
        const agents = await vault.agents.list();
        const owners = await Promise.all(
          agents.rows
            .filter((agent) => agent.kind !== 'harness')
            .map(async (agent) => {
              const counts: Record<string, number> = {};
              for (const type of RECORD_TYPES) {
                const n = await vault.records.count(type, agent.address);
                if (n > 0) counts[type] = n;
              }
              return { address: agent.address, label: agent.label, counts };
            }),
        );
        const receipts = await receiptRows(vault);
        const runs = await runsOf(vault);
        return {
          owners,
          receipts: receipts.rows.length,
          runs: runs.length,
          corrupt: [...agents.corrupt, ...receipts.corrupt].map((c) => c.message).slice(0, 50),
        };
      },
    }),
    defineHandler({
      type: 'home.vault.records',
      senders: ['extension-page'],
      request: HomeVaultRecordsRequest,
      reply: RecordsView,
      async handle({ recordType, owner }) {
        if (!RECORD_TYPES.includes(recordType as RecordType))
          throw new HomeError('UNKNOWN_RECORD_TYPE', `The vault keeps no records of type "${recordType}".`);
        const read = await (await vaultOf()).records.list(recordType as RecordType, owner, { limit: LIST });
        return { records: read.rows.map(recordView), corrupt: read.corrupt.map((c) => c.message).slice(0, 50) };
      },
    }),
    defineHandler({
      type: 'home.vault.receipts',
      senders: ['extension-page'],
      request: HomeReceiptsRequest,
      reply: ReceiptsView,
      async handle({ runRef }) {
        const read = await receiptRows(await vaultOf(), runRef);
        return {
          receipts: read.rows.slice(0, LIST).map(summaryOf),
          corrupt: read.corrupt.map((c) => c.message).slice(0, 50),
        };
      },
    }),
    defineHandler({
      type: 'home.vault.receipt',
      senders: ['extension-page'],
      request: HomeReceiptRequest,
      reply: ReceiptView,
      async handle({ id }) {
        const row = await (await vaultOf()).receipts.get(id);
        if (row === undefined) throw new HomeError('RECEIPT_UNKNOWN', 'The vault holds no receipt with that id.');
        const body = StepReceipt.safeParse(row.body);
        if (!body.success)
          throw new HomeError(
            'RECEIPT_UNREADABLE',
            'That receipt is in the vault but cannot be read; it may be damaged.',
          );
        return { receipt: body.data };
      },
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
      async handle({ addresses }) {
        const vault = await vaultOf();
        const wanted = new Set(addresses.map((a) => a.toLowerCase()));
        const names: Record<string, string> = {};
        for (const agent of (await vault.agents.list()).rows)
          if (wanted.has(agent.address)) names[agent.address] = agent.label;
        const person = (await vault.agents.list('person')).rows[0];
        if (person !== undefined) {
          for (const type of ['contact', 'organization'] as const) {
            for (const record of (await vault.records.list(type, person.address)).rows) {
              const address = record.data.address.toLowerCase();
              if (wanted.has(address) && names[address] === undefined) names[address] = record.data.label;
            }
          }
        }
        return { names };
      },
    }),
    defineHandler({
      type: 'home.vault.provenance',
      senders: ['extension-page'],
      request: HomeProvenanceRequest,
      reply: ProvenanceView,
      async handle({ runRef }) {
        const read = await (await vaultOf()).provenance.byRun(runRef, 'run.provenance');
        const row = read.rows.at(-1);
        if (row === undefined)
          throw new HomeError('NO_PROVENANCE', 'The vault holds no provenance for that run (it is kept about a week).');
        const safe = runRef.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
        const text = typeof row.body === 'string' ? row.body : JSON.stringify(row.body, null, 2);
        return { fileName: `provenance-${safe}.jsonld`, mediaType: row.mediaType, text };
      },
    }),
  ];
}
