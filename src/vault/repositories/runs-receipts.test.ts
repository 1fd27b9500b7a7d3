import { describe, expect, it } from 'vitest';
import { addr, openTestVault, T0 } from '../testing/open';

const run = (runRef: string, expiresAt: number) => ({
  runRef,
  addressee: addr(1),
  asker: addr(1),
  status: 'awaiting-authority',
  checkpoint: { plan: { steps: [{ toolId: 'payment.usdc.send' }] } },
  expiresAt,
});

describe('runs repository', () => {
  it('reads a checkpoint until it expires, then says expired without its contents, and sweeps it', async () => {
    const vault = await openTestVault();
    await vault.runs.save(run('r-1', T0 + 60_000));
    await vault.runs.save(run('r-2', T0 + 600_000));
    expect(await vault.runs.load('r-1')).toMatchObject({
      kind: 'found',
      run: { checkpoint: { plan: { steps: [{ toolId: 'payment.usdc.send' }] } } },
    });
    vault.clock.advance(60_000);
    expect(await vault.runs.load('r-1')).toEqual({ kind: 'expired', runRef: 'r-1', expiredAt: T0 + 60_000 });
    expect((await vault.runs.list()).rows.map((r) => r.runRef)).toEqual(['r-2']);
    expect(await vault.runs.sweep()).toBe(1);
    expect(await vault.runs.load('r-1')).toEqual({ kind: 'absent', runRef: 'r-1' });
    expect((await vault.runs.load('r-2')).kind).toBe('found');
  });

  it('keeps createdAt when a checkpoint is rewritten', async () => {
    const vault = await openTestVault();
    await vault.runs.save(run('r-1', T0 + 60_000));
    vault.clock.advance(10);
    const again = await vault.runs.save({ ...run('r-1', T0 + 90_000), status: 'done' });
    expect(again).toMatchObject({ createdAt: T0, updatedAt: T0 + 10, status: 'done' });
  });
});

describe('receipts repository', () => {
  it('appends, refuses to overwrite, and lists by run and by step in order', async () => {
    const vault = await openTestVault();
    await vault.receipts.append({
      id: 'rc-1',
      runRef: 'r-1',
      stepRef: 's-1',
      schemaVersion: 1,
      body: { status: 'committed' },
    });
    vault.clock.advance(5);
    await vault.receipts.append({
      id: 'rc-0',
      runRef: 'r-1',
      stepRef: 's-2',
      schemaVersion: 1,
      body: { status: 'attempted' },
    });
    await vault.receipts.append({ id: 'rc-9', runRef: 'r-2', stepRef: 's-1', schemaVersion: 1, body: {} });
    await expect(
      vault.receipts.append({
        id: 'rc-1',
        runRef: 'r-1',
        stepRef: 's-1',
        schemaVersion: 1,
        body: { status: 'forged' },
      }),
    ).rejects.toMatchObject({
      code: 'RECEIPT_EXISTS',
    });
    expect((await vault.receipts.get('rc-1'))?.body).toEqual({ status: 'committed' });
    expect((await vault.receipts.byRun('r-1')).rows.map((r) => r.id)).toEqual(['rc-1', 'rc-0']);
    expect((await vault.receipts.byStep('r-1', 's-2')).rows.map((r) => r.id)).toEqual(['rc-0']);
  });

  it("lists a subject's newest receipts first, up to the limit", async () => {
    const vault = await openTestVault();
    for (let i = 0; i < 5; i++) {
      vault.clock.advance(1);
      await vault.receipts.append({
        id: `rc-${i}`,
        runRef: 'r',
        stepRef: `s-${i}`,
        subject: i === 2 ? addr(9) : addr(1).toUpperCase().replace('0X', '0x'),
        schemaVersion: 1,
        body: {},
      });
    }
    expect((await vault.receipts.recent({ subject: addr(1), limit: 3 })).rows.map((r) => r.id)).toEqual([
      'rc-4',
      'rc-3',
      'rc-1',
    ]);
    expect((await vault.receipts.recent({ subject: addr(9), limit: 10 })).rows.map((r) => r.id)).toEqual(['rc-2']);
  });
});
