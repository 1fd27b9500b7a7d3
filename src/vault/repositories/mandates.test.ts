import { describe, expect, it } from 'vitest';
import { addr, hash, openTestVault, secondConnection, T0 } from '../testing/open';
import type { MandateInput } from './mandates';

const mandate = (n: number, extra: Partial<MandateInput> = {}): MandateInput => ({
  hash: hash(n),
  delegator: addr(1),
  delegate: addr(2),
  capability: 'payment.usdc.send',
  runRef: 'run-1',
  stepRef: 'step-1',
  delegation: { salt: '123', caveats: [] },
  binding: { planDigest: hash(7) },
  bindingDigest: hash(8),
  ...extra,
});

describe('mandates repository', () => {
  it('allows one use by default, then refuses in words', async () => {
    const vault = await openTestVault();
    const { mandate: stored, created } = await vault.mandates.record(mandate(1));
    expect(created).toBe(true);
    expect(stored).toMatchObject({ maxUses: 1, uses: 0, status: 'active' });
    expect(await vault.mandates.use(hash(1))).toMatchObject({
      ok: true,
      remaining: 0,
      mandate: { uses: 1, status: 'used' },
    });
    expect(await vault.mandates.use(hash(1))).toEqual({
      ok: false,
      code: 'MANDATE_EXHAUSTED',
      message: 'This mandate allowed 1 use and has none left.',
    });
    expect(await vault.mandates.use(hash(99))).toMatchObject({ ok: false, code: 'MANDATE_UNKNOWN' });
  });

  it('counts a use once per effect: the same effect asking again gets its use back, another effect does not', async () => {
    const vault = await openTestVault();
    await vault.mandates.record(mandate(1));
    expect(await vault.mandates.use(hash(1), { effectKey: 'pay-nathan-2' })).toMatchObject({
      ok: true,
      repeated: false,
      remaining: 0,
    });
    expect(await vault.mandates.use(hash(1), { effectKey: 'pay-nathan-2' })).toMatchObject({
      ok: true,
      repeated: true,
      remaining: 0,
      mandate: { uses: 1 },
    });
    expect(await vault.mandates.use(hash(1), { effectKey: 'pay-nathan-3' })).toMatchObject({
      ok: false,
      code: 'MANDATE_EXHAUSTED',
    });
    await vault.mandates.revoke(hash(1));
    expect(await vault.mandates.use(hash(1), { effectKey: 'pay-nathan-2' })).toMatchObject({
      ok: false,
      code: 'MANDATE_REVOKED',
    });
  });

  it('never resets the count when the same mandate is recorded again', async () => {
    const vault = await openTestVault();
    await vault.mandates.record(mandate(1, { maxUses: 2 }));
    await vault.mandates.use(hash(1));
    const again = await vault.mandates.record(mandate(1, { maxUses: 50 }));
    expect(again).toMatchObject({ created: false, mandate: { uses: 1, maxUses: 2 } });
  });

  it('counts concurrent uses atomically: exactly maxUses succeed, on one connection and across two', async () => {
    const vault = await openTestVault();
    const other = await secondConnection(vault);
    await vault.mandates.record(mandate(1, { maxUses: 3 }));
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? vault : other).mandates.use(hash(1), { effectKey: `e-${i}` }),
      ),
    );
    expect(attempts.filter((a) => a.ok)).toHaveLength(3);
    // The same effect racing itself is counted once.
    await vault.mandates.record(mandate(2, { maxUses: 3 }));
    const same = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? vault : other).mandates.use(hash(2), { effectKey: 'one-effect' }),
      ),
    );
    expect(same.every((a) => a.ok)).toBe(true);
    expect((await vault.mandates.get(hash(2)))?.uses).toBe(1);
    expect(attempts.filter((a) => !a.ok).every((a) => !a.ok && a.code === 'MANDATE_EXHAUSTED')).toBe(true);
    expect((await vault.mandates.get(hash(1)))?.uses).toBe(3);
  });

  it('refuses a revoked mandate and one outside its window', async () => {
    const vault = await openTestVault();
    await vault.mandates.record(mandate(1, { maxUses: 5 }));
    await vault.mandates.record(mandate(2, { validAfter: T0 + 1000, validUntil: T0 + 2000 }));
    const revoked = await vault.mandates.revoke(hash(1));
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: T0 });
    expect(await vault.mandates.use(hash(1))).toMatchObject({ ok: false, code: 'MANDATE_REVOKED' });
    expect(await vault.mandates.use(hash(2))).toMatchObject({ ok: false, code: 'MANDATE_NOT_YET_VALID' });
    vault.clock.advance(3000);
    expect(await vault.mandates.use(hash(2))).toMatchObject({ ok: false, code: 'MANDATE_EXPIRED' });
    expect((await vault.mandates.get(hash(2)))?.uses).toBe(0);
  });

  it('fails closed on a damaged row, naming it', async () => {
    const vault = await openTestVault();
    await vault.db.mandates.put({ hash: hash(3), uses: 'many' });
    const refused = await vault.mandates.use(hash(3));
    expect(refused).toMatchObject({
      ok: false,
      code: 'VAULT_ROW_CORRUPT',
      message: expect.stringContaining(`mandates row "${hash(3)}"`),
    });
  });

  it('lists by delegator, run and status', async () => {
    const vault = await openTestVault();
    await vault.mandates.record(mandate(1));
    await vault.mandates.record(mandate(2, { delegator: addr(5), runRef: 'run-2' }));
    await vault.mandates.use(hash(1));
    expect((await vault.mandates.list({ delegator: addr(1) })).rows.map((m) => m.hash)).toEqual([hash(1)]);
    expect((await vault.mandates.list({ runRef: 'run-2' })).rows.map((m) => m.hash)).toEqual([hash(2)]);
    expect((await vault.mandates.list({ status: 'used' })).rows.map((m) => m.hash)).toEqual([hash(1)]);
  });
});
