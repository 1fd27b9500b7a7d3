import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, readRows, writeRow, type VaultRead } from '../rows';
import { Address, Aliases, HexBytes, Label, Millis, normalizeAddress } from '../values';

/**
 * An agent this profile holds (DESIGN §2): the person's own Smart Agent, an organization's Smart Agent the person
 * stewards, or the harness agent (the EOA that is the delegate of every mandate). The address is the identity;
 * `ownerAddress` is the EOA of the key that owns it, `salt` what makes its counterfactual address.
 */
export const AgentRow = z.strictObject({
  address: Address,
  kind: z.enum(['person', 'organization', 'harness']),
  label: Label,
  aliases: Aliases,
  ownerAddress: Address,
  salt: HexBytes.optional(),
  createdAt: Millis,
  updatedAt: Millis,
});
export type AgentRow = z.output<typeof AgentRow>;
export type AgentInput = Omit<z.input<typeof AgentRow>, 'createdAt' | 'updatedAt'>;
export type AgentKind = AgentRow['kind'];

export type AgentsRepository = {
  put(agent: AgentInput): Promise<AgentRow>;
  get(address: string): Promise<AgentRow | undefined>;
  list(kind?: AgentKind): Promise<VaultRead<AgentRow>>;
  delete(address: string): Promise<boolean>;
};

export function createAgentsRepository(db: VaultDb, clock: VaultClock): AgentsRepository {
  return {
    put: (agent) =>
      db.transaction('rw', db.agents, async () => {
        const now = clock.now();
        const existing = await db.agents.get(normalizeAddress(agent.address));
        const createdAt = typeof existing?.createdAt === 'number' ? existing.createdAt : now;
        const row = writeRow('agents', AgentRow, { ...agent, createdAt, updatedAt: now });
        await db.agents.put(row);
        return row;
      }),
    get: async (address) => readRow('agents', AgentRow, await db.agents.get(normalizeAddress(address))),
    list: async (kind) =>
      readRows(
        'agents',
        AgentRow,
        await (kind === undefined ? db.agents.toArray() : db.agents.where('kind').equals(kind).toArray()),
      ),
    delete: (address) =>
      db.transaction('rw', db.agents, async () => {
        const key = normalizeAddress(address);
        const found = (await db.agents.get(key)) !== undefined;
        if (found) await db.agents.delete(key);
        return found;
      }),
  };
}
