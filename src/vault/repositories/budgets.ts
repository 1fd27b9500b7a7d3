import { z } from 'zod';
import type { VaultClock } from '../clock';
import type { VaultDb } from '../db';
import { readRow, writeRow } from '../rows';
import { Address, Millis } from '../values';

/**
 * Each agent's ask budget (seed 001 step 0.5: a budget per agent, refused when spent), kept in the vault so a worker
 * restart neither forgets what was spent nor hands out a fresh allowance. One row per agent: the window it is in
 * and the units spent inside it. A window ends `windowMs` after it began; the first charge after that starts a new
 * one. A damaged row fails closed (VAULT_ROW_CORRUPT: nothing is charged, so the ask is not let through silently).
 */
export const BudgetRow = z.strictObject({
  agent: Address,
  windowStart: Millis,
  windowMs: z.number().int().positive(),
  spent: z.number().int().nonnegative(),
  updatedAt: Millis,
});
export type BudgetRow = z.output<typeof BudgetRow>;

export type BudgetCharge = { ok: true; remaining: number } | { ok: false; resetsAt: number; allowance: number };

export type BudgetsRepository = {
  /** Charges `units` to the agent's current window, atomically; refused (nothing charged) when it would exceed `allowance`. */
  charge(input: { agent: string; units: number; allowance: number; windowMs: number }): Promise<BudgetCharge>;
  get(agent: string): Promise<BudgetRow | undefined>;
};

export function createBudgetsRepository(db: VaultDb, clock: VaultClock): BudgetsRepository {
  return {
    charge: ({ agent, units, allowance, windowMs }) =>
      // One read-modify-write transaction: two asks at once cannot both take the last unit.
      db.transaction('rw', db.budgets, async () => {
        const now = clock.now();
        const key = agent.toLowerCase();
        const held = readRow('budgets', BudgetRow, await db.budgets.get(key));
        const current =
          held === undefined || now - held.windowStart >= held.windowMs
            ? { windowStart: now, windowMs, spent: 0 }
            : held;
        if (current.spent + units > allowance)
          return { ok: false as const, resetsAt: current.windowStart + current.windowMs, allowance };
        await db.budgets.put(
          writeRow('budgets', BudgetRow, {
            agent: key,
            windowStart: current.windowStart,
            windowMs: current.windowMs,
            spent: current.spent + units,
            updatedAt: now,
          }),
        );
        return { ok: true as const, remaining: allowance - current.spent - units };
      }),
    get: async (agent) => readRow('budgets', BudgetRow, await db.budgets.get(agent.toLowerCase())),
  };
}
