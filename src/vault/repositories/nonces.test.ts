import { describe, expect, it } from 'vitest';
import { addr, openTestVault, secondConnection, T0 } from '../testing/open';

const app = addr(0xa);

describe('spent nonces repository', () => {
  it('spends a nonce once; the replay is refused in words', async () => {
    const vault = await openTestVault();
    expect(await vault.nonces.spend({ scope: app, nonce: 'n-1', expiresAt: T0 + 60_000 })).toMatchObject({ ok: true });
    expect(await vault.nonces.spend({ scope: app, nonce: 'n-1', expiresAt: T0 + 60_000 })).toEqual({
      ok: false,
      code: 'NONCE_REUSED',
      message: 'This request was already used once; a replayed request is refused.',
    });
    expect(await vault.nonces.isSpent(app, 'n-1')).toBe(true);
    expect(await vault.nonces.isSpent(app, 'n-2')).toBe(false);
  });

  it('lets exactly one of many concurrent spends win, on one connection and across two', async () => {
    const vault = await openTestVault();
    const other = await secondConnection(vault);
    const spends = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? vault : other).nonces.spend({ scope: app, nonce: 'race', expiresAt: T0 + 60_000 }),
      ),
    );
    expect(spends.filter((s) => s.ok)).toHaveLength(1);
    expect(spends.filter((s) => !s.ok && s.code === 'NONCE_REUSED')).toHaveLength(29);
  });

  it("scopes nonces by signer, so one app cannot burn another's; a scope cannot be read two ways", async () => {
    const vault = await openTestVault();
    expect((await vault.nonces.spend({ scope: app, nonce: 'same', expiresAt: T0 + 1 })).ok).toBe(true);
    expect((await vault.nonces.spend({ scope: addr(0xb), nonce: 'same', expiresAt: T0 + 1 })).ok).toBe(true);
    expect((await vault.nonces.spend({ scope: 'heartcoach', nonce: 'same', expiresAt: T0 + 1 })).ok).toBe(true);
    expect(await vault.nonces.isSpent(app.toUpperCase().replace('0X', '0x'), 'same')).toBe(true);
    expect(await vault.nonces.spend({ scope: 'https://a/b', nonce: 'c', expiresAt: T0 + 1 })).toMatchObject({
      ok: false,
      code: 'BAD_NONCE',
    });
    expect(await vault.nonces.spend({ scope: app, nonce: '', expiresAt: T0 + 1 })).toMatchObject({
      ok: false,
      code: 'BAD_NONCE',
    });
  });

  it('refuses to spend for an assertion already over, and sweeps only expired nonces', async () => {
    const vault = await openTestVault();
    expect(await vault.nonces.spend({ scope: app, nonce: 'late', expiresAt: T0 })).toMatchObject({
      ok: false,
      code: 'NONCE_EXPIRED',
    });
    await vault.nonces.spend({ scope: app, nonce: 'short', expiresAt: T0 + 1000 });
    await vault.nonces.spend({ scope: app, nonce: 'long', expiresAt: T0 + 10_000 });
    vault.clock.advance(1000);
    expect(await vault.nonces.sweep()).toBe(0); // at its expiry the nonce is still kept
    vault.clock.advance(1);
    expect(await vault.nonces.sweep()).toBe(1);
    expect(await vault.nonces.isSpent(app, 'short')).toBe(false);
    expect(await vault.nonces.isSpent(app, 'long')).toBe(true);
  });
});
