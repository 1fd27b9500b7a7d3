import { getAddress } from 'viem';
import type { Address, VaultPort } from '../harness/ports';
import type { Vault } from '../vault/vault';
import { cabinetGrantsPort } from './cabinet-grants';
import { peoplePort } from './vault-port-people';
import { runsPort } from './vault-port-runs';

/**
 * The harness's VaultPort on the Dexie vault (DESIGN §5): the person's records through T4's repositories, every
 * row validated in and out by them. Two halves (vault-port-people.ts, vault-port-runs.ts) and the budget here.
 */
export type VaultPortOptions = {
  vault: Vault;
  /** Asks per agent per hour before `BUDGET_SPENT` (seed 001 step 0.5); kept in memory, so a restart resets it. */
  asksPerHour?: number;
};

/** The person this vault belongs to: its one agent of kind `person` (the demo's Alice), or null in an empty vault. */
export async function vaultOwner(vault: Vault): Promise<Address | null> {
  const people = (await vault.agents.list('person')).rows;
  return people[0] === undefined ? null : getAddress(people[0].address);
}

export function createVaultPort(options: VaultPortOptions): VaultPort {
  const { vault } = options;
  const limit = options.asksPerHour ?? 600;
  const spent = new Map<string, { windowStart: number; units: number }>();
  return {
    ...peoplePort(vault, { owner: () => vaultOwner(vault) }),
    ...runsPort(vault),
    ...cabinetGrantsPort(vault),
    budget: {
      async charge(agent, units) {
        const now = vault.clock.now();
        const key = agent.toLowerCase();
        const held = spent.get(key);
        const current = held === undefined || now - held.windowStart >= 3_600_000 ? { windowStart: now, units: 0 } : held;
        if (current.units + units > limit) return { ok: false, resetsAt: current.windowStart + 3_600_000 };
        current.units += units;
        spent.set(key, current);
        return { ok: true, remaining: limit - current.units };
      },
    },
  };
}
