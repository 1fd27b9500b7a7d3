import { describe, expect, it } from 'vitest';
import { addr, hash, openTestVault, T0 } from '../testing/open';
import { wireStanding, type WireInput } from './wires';

const askAsMe = (n: number, extra: Partial<WireInput> = {}): WireInput =>
  ({
    kind: 'ask-as-me',
    capability: 'harness.ask',
    hash: hash(n),
    direction: 'given',
    delegator: addr(1),
    delegate: addr(0xc0),
    origin: 'http://127.0.0.1:8787',
    expiresAt: T0 + 3_600_000,
    delegation: { salt: '1' },
    ...extra,
  }) as WireInput;

const grant = (n: number, folders: string[]): WireInput => {
  const { capability: _capability, ...rest } = askAsMe(n) as Extract<WireInput, { kind: 'ask-as-me' }>;
  return { ...rest, kind: 'cabinet-grant', folders } as WireInput;
};

describe('wires repository', () => {
  it('keeps ask-as-me wires and cabinet grants with their folders, origin and expiry', async () => {
    const vault = await openTestVault();
    await vault.wires.record(askAsMe(1));
    await vault.wires.record(grant(2, ['profile', 'readings']));
    const grants = await vault.wires.list({ kind: 'cabinet-grant' });
    expect(grants.rows).toHaveLength(1);
    expect(grants.rows[0]).toMatchObject({
      kind: 'cabinet-grant',
      folders: ['profile', 'readings'],
      origin: 'http://127.0.0.1:8787',
      status: 'active',
    });
    expect((await vault.wires.list({ delegate: addr(0xc0), direction: 'given' })).rows).toHaveLength(2);
  });

  it('refuses a path as an origin, an unknown folder and a folder named twice', async () => {
    const vault = await openTestVault();
    await expect(vault.wires.record(askAsMe(1, { origin: 'https://coach.example/app' }))).rejects.toMatchObject({
      code: 'VAULT_ROW_INVALID',
    });
    await expect(vault.wires.record(grant(2, ['diary']))).rejects.toMatchObject({
      code: 'VAULT_ROW_INVALID',
      message: expect.stringContaining('folders.0'),
    });
    await expect(vault.wires.record(grant(3, ['profile', 'profile']))).rejects.toMatchObject({
      message: expect.stringContaining('each folder once'),
    });
  });

  it('shows only standing wires as active; a revocation is never undone by recording again', async () => {
    const vault = await openTestVault();
    await vault.wires.record(askAsMe(1));
    await vault.wires.record(askAsMe(2, { expiresAt: T0 + 1000 }));
    await vault.wires.record(askAsMe(3, { notBefore: T0 + 5000 }));
    await vault.wires.revoke(hash(1));
    expect((await vault.wires.record(askAsMe(1))).wire.status).toBe('revoked');
    expect((await vault.wires.active()).rows.map((w) => w.hash)).toEqual([hash(2)]);
    vault.clock.advance(5000);
    expect((await vault.wires.active()).rows.map((w) => w.hash)).toEqual([hash(3)]);
    const expired = (await vault.wires.get(hash(2)))!;
    expect(wireStanding(expired, vault.clock.now())).toBe('expired');
  });
});
