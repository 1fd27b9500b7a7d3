import { HomeError } from '../protocol/errors';
import { StepReceipt } from '../protocol/harness-reply';
import { RECORD_TYPES, type RecordType } from '../vault/records/record';
import type { Vault } from '../vault/vault';
import { agentDetails } from './agent-details';
import { recordView } from './record-view';
import { LIST, receiptRows, receiptSummaryOf, runsOf } from './vault-runs';

/** The vault browser's counts: records per type and owner, receipts and runs; damaged rows named. */
export async function vaultSummary(vault: Vault) {
  const agents = await vault.agents.list();
  const details = await agentDetails(
    vault,
    agents.rows.map((a) => a.address),
  );
  const owners = await Promise.all(
    agents.rows
      .filter((agent) => agent.kind !== 'harness')
      .map(async (agent) => {
        const counts: Record<string, number> = {};
        for (const type of RECORD_TYPES) {
          const n = await vault.records.count(type, agent.address);
          if (n > 0) counts[type] = n;
        }
        const detail = details.get(agent.address.toLowerCase());
        return { address: agent.address, label: agent.label, ...(detail === undefined ? {} : { detail }), counts };
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
}

/** One type of record of one owner, as the browser's table shows them. */
export async function recordsOf(vault: Vault, recordType: string, owner: string) {
  if (!RECORD_TYPES.includes(recordType as RecordType))
    throw new HomeError('UNKNOWN_RECORD_TYPE', `The vault keeps no records of type "${recordType}".`);
  const read = await vault.records.list(recordType as RecordType, owner, { limit: LIST });
  return { records: read.rows.map(recordView), corrupt: read.corrupt.map((c) => c.message).slice(0, 50) };
}

/** Every receipt, or one run's, summarised. */
export async function receiptsOf(vault: Vault, runRef: string | undefined) {
  const read = await receiptRows(vault, runRef);
  return {
    receipts: read.rows.slice(0, LIST).map(receiptSummaryOf),
    corrupt: read.corrupt.map((c) => c.message).slice(0, 50),
  };
}

/** One receipt in full; a damaged one is a refusal in words. */
export async function receiptOf(vault: Vault, id: string) {
  const row = await vault.receipts.get(id);
  if (row === undefined) throw new HomeError('RECEIPT_UNKNOWN', 'The vault holds no receipt with that id.');
  const body = StepReceipt.safeParse(row.body);
  if (!body.success)
    throw new HomeError('RECEIPT_UNREADABLE', 'That receipt is in the vault but cannot be read; it may be damaged.');
  return { receipt: body.data };
}

/** The names this Home knows for addresses: its agents' labels, then the person's contacts and organizations. */
export async function namesOf(vault: Vault, addresses: readonly string[]) {
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
}

/** A run's provenance (JSON-LD) as a file to download. */
export async function provenanceFile(vault: Vault, runRef: string) {
  const read = await vault.provenance.byRun(runRef, 'run.provenance');
  const row = read.rows.at(-1);
  if (row === undefined)
    throw new HomeError('NO_PROVENANCE', 'The vault holds no provenance for that run (it is kept about a week).');
  const safe = runRef.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
  const text = typeof row.body === 'string' ? row.body : JSON.stringify(row.body, null, 2);
  return { fileName: `provenance-${safe}.jsonld`, mediaType: row.mediaType, text };
}
