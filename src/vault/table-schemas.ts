import type { z } from 'zod';
import { VaultRecord } from './records/record';
import { AgentRow } from './repositories/agents';
import { BudgetRow } from './repositories/budgets';
import { ChainStateRow } from './repositories/chain-state';
import { ConfirmationRow } from './repositories/confirmations';
import { ConversationRow } from './repositories/conversations';
import { KeyRow } from './repositories/keys';
import { MandateRow } from './repositories/mandates';
import { SpentNonceRow } from './repositories/nonces';
import { PlaybookRow } from './repositories/playbooks';
import { ProvenanceRow } from './repositories/provenance';
import { ReceiptRow } from './repositories/receipts';
import { RunRow } from './repositories/runs';
import { TypedSettingRow } from './repositories/settings';
import { WireRow } from './repositories/wires';
import type { VaultTable } from './schema';

/** The row schema of every table at the latest version: the health check and import validate against these. */
export const TABLE_SCHEMAS: Readonly<Record<VaultTable, z.ZodType>> = {
  agents: AgentRow,
  keys: KeyRow,
  records: VaultRecord,
  playbooks: PlaybookRow,
  mandates: MandateRow,
  wires: WireRow,
  spentNonces: SpentNonceRow,
  runs: RunRow,
  receipts: ReceiptRow,
  confirmations: ConfirmationRow,
  provenance: ProvenanceRow,
  settings: TypedSettingRow,
  chainState: ChainStateRow,
  budgets: BudgetRow,
  conversations: ConversationRow,
};
