import { getAddress } from 'viem';
import type { Address, Confirmation, ListRead, ProvenanceDoc, VaultPort, VaultRecord } from '../../harness';
import { HomeError } from '../../protocol/errors';
import { StepReceipt } from '../../protocol/harness-reply';
import type { VaultRecord as StoredRecord, RecordInput, RecordType } from '../../vault/records/record';
import { RunRow } from '../../vault/repositories/runs';
import type { ReceiptRow } from '../../vault/repositories/receipts';
import type { VaultRead } from '../../vault/rows';
import type { Vault } from '../../vault/vault';
import { damagedOf } from './people';

/**
 * The run half of the VaultPort: the person's records, run checkpoints, receipts, confirmation memory, spent
 * nonces and provenance, over the vault's repositories. What the harness stored comes back through the vault's schemas,
 * and receipts through the harness's own (a damaged row is left out, never trusted, and named to the reads that ask).
 */
export type RunsPort = Pick<VaultPort, 'records' | 'runs' | 'receipts' | 'confirmations' | 'nonces' | 'provenance'>;

/** JSON only: a checkpoint or receipt that carried `undefined` or a class instance is stored as JSON would carry it. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const toPort = (r: StoredRecord): VaultRecord => ({
  id: r.id,
  type: r.type,
  owner: getAddress(r.owner),
  data: r.data as Record<string, unknown>,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Receipts whose row and body both read; a row or a body that does not is named as damaged. */
function readReceipts(read: VaultRead<ReceiptRow>): ListRead<StepReceipt> {
  const out: ListRead<StepReceipt> = { rows: [], damaged: damagedOf(read.corrupt) };
  for (const row of read.rows) {
    const parsed = StepReceipt.safeParse(row.body);
    if (parsed.success) out.rows.push(parsed.data);
    else out.damaged.push({ table: 'receipts', id: row.id });
  }
  return out;
}

export function runsPort(vault: Vault): RunsPort {
  return {
    records: {
      list: async (q) => (await vault.records.list(q.type as RecordType, q.owner, { limit: q.limit })).rows.map(toPort),
      async read(q) {
        const read = await vault.records.list(q.type as RecordType, q.owner, { limit: q.limit });
        return { rows: read.rows.map(toPort), damaged: damagedOf(read.corrupt) };
      },
      async get(id) {
        const row = await vault.records.get(id);
        return row === undefined ? null : toPort(row);
      },
      async put(record) {
        const input = {
          id: record.id,
          type: record.type,
          owner: record.owner,
          data: asJson(record.data),
          createdAt: record.createdAt,
        } as RecordInput;
        await vault.records.put(input);
      },
    },
    runs: {
      async get(runRef) {
        const loaded = await vault.runs.load(runRef);
        if (loaded.kind === 'found') return loaded.run.checkpoint;
        if (loaded.kind === 'absent') return null;
        // Expired: hand the harness the stored state so it can say "expired" (410) after checking who asks, rather
        // than "no such run". The row is still read through the vault's schema.
        const raw = RunRow.safeParse(await vault.db.runs.get(runRef));
        return raw.success ? raw.data.checkpoint : null;
      },
      async put(run) {
        await vault.runs.save({
          runRef: run.runRef,
          addressee: run.addressee,
          asker: run.asker,
          status: run.status,
          expiresAt: run.expiresAt,
          checkpoint: asJson(run.state) as never,
        });
      },
    },
    receipts: {
      async put(receipt) {
        try {
          await vault.receipts.append({
            id: receipt.id,
            runRef: receipt.runRef,
            stepRef: receipt.stepRef,
            subject: receipt.binding.subject,
            schemaVersion: receipt.schemaVersion,
            body: asJson(receipt) as never,
          });
        } catch (error) {
          // A receipt is never overwritten; the same receipt written again (a replayed step) is already there.
          if (error instanceof HomeError && error.code === 'RECEIPT_EXISTS') return;
          throw error;
        }
      },
      ofRun: async (runRef) => readReceipts(await vault.receipts.byRun(runRef)).rows,
      recent: async (q) => readReceipts(await vault.receipts.recent(q)).rows,
      readRecent: async (q) => readReceipts(await vault.receipts.recent(q)),
    },
    confirmations: {
      async find(q) {
        const row = await vault.confirmations.recall(q);
        if (row === undefined || typeof row.choice !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(row.choice)) return null;
        const found: Confirmation = {
          asker: getAddress(row.asker),
          word: row.word,
          capability: row.capability,
          argument: row.argument,
          chosen: getAddress(row.choice) as Address,
          label: row.label,
          at: row.confirmedAt,
        };
        return found;
      },
      async put(c) {
        await vault.confirmations.remember({
          asker: c.asker,
          word: c.word,
          capability: c.capability,
          argument: c.argument,
          choice: c.chosen,
          label: c.label,
        });
      },
    },
    nonces: {
      async spend(q) {
        // Anything but a first spend (reused, expired, malformed) is not fresh: fail closed.
        const spent = await vault.nonces.spend({ scope: q.scope, nonce: q.nonce, expiresAt: q.expiresAt });
        return spent.ok ? 'fresh' : 'replayed';
      },
    },
    provenance: {
      async put(doc) {
        const mediaType = doc.kind === 'run.provenance' ? 'application/ld+json' : 'application/json';
        await vault.provenance.put({
          id: doc.id,
          runRef: doc.runRef,
          kind: doc.kind,
          mediaType,
          body: asJson(doc.body) as never,
          expiresAt: doc.expiresAt,
        });
      },
      async get(id) {
        const row = await vault.provenance.get(id);
        // An A2A task kept beside the run (src/home/a2a-tasks/task-store.ts) is no provenance document of the harness.
        if (row === undefined || row.kind === 'a2a.task') return null;
        const doc: ProvenanceDoc = {
          id: row.id,
          runRef: row.runRef,
          kind: row.kind,
          body: row.body,
          at: row.createdAt,
          expiresAt: row.expiresAt,
        };
        return doc;
      },
    },
  };
}
