import { systemClock, type VaultClock } from './clock';
import { openVault, type VaultDb, type VaultDbOptions } from './db';
import { createAgentsRepository, type AgentsRepository } from './repositories/agents';
import { createBudgetsRepository, type BudgetsRepository } from './repositories/budgets';
import { createChainStateStore, type ChainStateStore } from './repositories/chain-state';
import { createConfirmationsRepository, type ConfirmationsRepository } from './repositories/confirmations';
import { createConversationsRepository, type ConversationsRepository } from './repositories/conversations';
import { createKeysRepository, type KeysRepository } from './repositories/keys';
import { createMandatesRepository, type MandatesRepository } from './repositories/mandates';
import { createSpentNoncesRepository, type SpentNoncesRepository } from './repositories/nonces';
import { createPlaybooksRepository, type PlaybooksRepository } from './repositories/playbooks';
import { createProvenanceRepository, type ProvenanceRepository } from './repositories/provenance';
import { createReceiptsRepository, type ReceiptsRepository } from './repositories/receipts';
import { createRecordsRepository, type RecordsRepository } from './repositories/records';
import { createRunsRepository, type RunsRepository } from './repositories/runs';
import { createSettingsRepository, type SettingsRepository } from './repositories/settings';
import { createWiresRepository, type WiresRepository } from './repositories/wires';
import { readRows, type CorruptRow } from './rows';
import { VAULT_TABLES } from './schema';
import { TABLE_SCHEMAS } from './table-schemas';

/** The vault's repositories, one per aggregate (DESIGN §5), over one Dexie database. */
export type Vault = {
  db: VaultDb;
  clock: VaultClock;
  agents: AgentsRepository;
  playbooks: PlaybooksRepository;
  keys: KeysRepository;
  records: RecordsRepository;
  mandates: MandatesRepository;
  wires: WiresRepository;
  nonces: SpentNoncesRepository;
  runs: RunsRepository;
  receipts: ReceiptsRepository;
  confirmations: ConfirmationsRepository;
  provenance: ProvenanceRepository;
  settings: SettingsRepository;
  /** Each agent's ask budget, spent and refused across worker restarts. */
  budgets: BudgetsRepository;
  /** The conversation each face showed, per session, until the person clears it. */
  conversations: ConversationsRepository;
  /** The embedded chain's snapshot store (one per chain id; 'embedded' unless told). */
  chainState(id?: string): ChainStateStore;
  /** Reads every row of every table against its schema and lists each damaged one in words. */
  check(): Promise<CorruptRow[]>;
};

/** Builds the repositories over an open database. */
export function createVault(db: VaultDb, options: { clock?: VaultClock } = {}): Vault {
  const clock = options.clock ?? systemClock;
  return {
    db,
    clock,
    agents: createAgentsRepository(db, clock),
    playbooks: createPlaybooksRepository(db, clock),
    keys: createKeysRepository(db),
    records: createRecordsRepository(db, clock),
    mandates: createMandatesRepository(db, clock),
    wires: createWiresRepository(db, clock),
    nonces: createSpentNoncesRepository(db, clock),
    runs: createRunsRepository(db, clock),
    receipts: createReceiptsRepository(db, clock),
    confirmations: createConfirmationsRepository(db, clock),
    provenance: createProvenanceRepository(db, clock),
    settings: createSettingsRepository(db, clock),
    budgets: createBudgetsRepository(db, clock),
    conversations: createConversationsRepository(db, clock),
    chainState: (id) => createChainStateStore(db, clock, id),
    check: async () => {
      const reads = await Promise.all(
        VAULT_TABLES.map(async (table) => readRows(table, TABLE_SCHEMAS[table], await db.table(table).toArray())),
      );
      return reads.flatMap((read) => read.corrupt);
    },
  };
}

/** Opens (creating or migrating) the vault database and builds its repositories. */
export async function openVaultRepositories(
  name?: string,
  options: VaultDbOptions & { clock?: VaultClock } = {},
): Promise<Vault> {
  const { clock, ...dbOptions } = options;
  return createVault(await openVault(name, dbOptions), clock === undefined ? {} : { clock });
}
