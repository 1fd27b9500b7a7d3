import { getAddress } from 'viem';
import type { Address, VaultPort } from '../../harness';
import type { Vault } from '../../vault/vault';
import { peoplePort } from './people';
import { runsPort } from './runs';

/**
 * The harness's VaultPort on the Dexie vault (DESIGN §5): the person's records through its repositories, every
 * row validated in and out by them. Two halves (people.ts, runs.ts) and the budget here.
 */
export type VaultPortOptions = {
  vault: Vault;
  /**
   * Each agent's ask budget (seed 001 step 0.5): `allowance` units per `windowMs`. Unset, the person's setting
   * `budget.asksPerDay` per day, read at every charge. What was spent is kept in the vault, so a restart keeps it.
   */
  budget?: { allowance: number; windowMs: number };
  /**
   * The cabinet grants outside agents hold (HeartCoach's, registered by the composition root). Unset, none is held:
   * the generic adapter knows no app.
   */
  grants?: VaultPort['grants'];
};

/** No outside agent holds a cabinet grant. */
export const noCabinetGrants: VaultPort['grants'] = { cabinet: async () => null };

const DAY_MS = 24 * 3_600_000;

/** The person this vault belongs to: its one agent of kind `person` (the demo's Alice), or null in an empty vault. */
export async function vaultOwner(vault: Vault): Promise<Address | null> {
  const people = (await vault.agents.list('person')).rows;
  return people[0] === undefined ? null : getAddress(people[0].address);
}

export function createVaultPort(options: VaultPortOptions): VaultPort {
  const { vault } = options;
  return {
    ...peoplePort(vault, { owner: () => vaultOwner(vault) }),
    ...runsPort(vault),
    grants: options.grants ?? noCabinetGrants,
    budget: {
      async charge(agent, units) {
        const budget = options.budget ?? { allowance: await vault.settings.get('budget.asksPerDay'), windowMs: DAY_MS };
        const charged = await vault.budgets.charge({ agent, units, ...budget });
        return charged.ok ? charged : { ok: false, resetsAt: charged.resetsAt, allowance: charged.allowance };
      },
    },
  };
}
