import { describe, expect, it } from 'vitest';
import { addr, openTestVault } from '../testing/open';

/** Each agent's ask budget in the vault: charged atomically, refused when spent, a new window after the old one ends. */
describe('budgets', () => {
  it('charges per agent, refuses what would overspend (charging nothing), and opens a new window when the old one ends', async () => {
    const vault = await openTestVault();
    const charge = (agent: `0x${string}`, units = 1) =>
      vault.budgets.charge({ agent, units, allowance: 3, windowMs: 60_000 });
    expect(await charge(addr(1), 2)).toEqual({ ok: true, remaining: 1 });
    expect(await charge(addr(1), 2)).toEqual({ ok: false, resetsAt: vault.clock.now() + 60_000, allowance: 3 });
    expect(await charge(addr(1))).toEqual({ ok: true, remaining: 0 });
    expect((await charge(addr(1))).ok).toBe(false);
    expect(await charge(addr(2))).toEqual({ ok: true, remaining: 2 });
    vault.clock.advance(60_000);
    expect(await charge(addr(1))).toEqual({ ok: true, remaining: 2 });
  });

  it('lets exactly the allowance through when asks race', async () => {
    const vault = await openTestVault();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        vault.budgets.charge({ agent: addr(1), units: 1, allowance: 4, windowMs: 60_000 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(await vault.budgets.get(addr(1))).toMatchObject({ spent: 4 });
  });

  it('fails closed on a damaged row', async () => {
    const vault = await openTestVault();
    await vault.db.budgets.put({
      agent: addr(1).toLowerCase(),
      windowStart: 'today',
      windowMs: 60_000,
      spent: 0,
      updatedAt: 0,
    });
    await expect(
      vault.budgets.charge({ agent: addr(1), units: 1, allowance: 4, windowMs: 60_000 }),
    ).rejects.toMatchObject({ code: 'VAULT_ROW_CORRUPT' });
  });
});
