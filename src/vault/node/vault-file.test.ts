import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDemoVault } from '../demo/load';
import { PRIMARY_KEY, VAULT_TABLES } from '../schema';
import { openTestVault, T0, TEST_KDF } from '../testing/open';
import { walletAddressOf } from '../testing/wallet-addresses';
import { exportVaultToFile, importVaultFromFile } from './vault-file';

describe('vault file for the command-line door', () => {
  it("saves a Node vault to an owner-only file and restores it into another process's vault", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'home-agent-vault-'));
    const path = join(dir, 'vault.home-agent');
    const vault = await openTestVault();
    await loadDemoVault(vault, { addressOf: walletAddressOf, now: T0 });
    const saved = await exportVaultToFile(vault, path, 'cli words', { kdf: TEST_KDF });
    expect(saved.path).toBe(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).not.toContain('furosemide');

    const restored = await openTestVault({ name: 'restored' });
    expect(await importVaultFromFile(restored, path, 'cli words')).toMatchObject({ ok: true, counts: saved.counts });
    for (const table of VAULT_TABLES) {
      expect(await restored.db.table(table).orderBy(PRIMARY_KEY[table]).toArray(), table).toEqual(
        await vault.db.table(table).orderBy(PRIMARY_KEY[table]).toArray(),
      );
    }
    expect(await importVaultFromFile(restored, path, 'wrong')).toMatchObject({ ok: false, code: 'WRONG_PASSPHRASE' });
    expect(await importVaultFromFile(restored, join(dir, 'missing'), 'cli words')).toMatchObject({
      ok: false,
      code: 'VAULT_FILE_UNREADABLE',
      message: expect.stringContaining('no vault file'),
    });
  });
});

describe('openNodeVault', () => {
  it('opens empty without a file, restores from one, and refuses a wrong passphrase in words', async () => {
    const { openNodeVault } = await import('./open-node-vault');
    const dir = await mkdtemp(join(tmpdir(), 'home-agent-vault-'));
    const path = join(dir, 'vault.home-agent');
    const fresh = await openNodeVault({ path, passphrase: 'w' });
    expect(fresh.restored).toBe(false);
    await fresh.vault.settings.set('lock.autoLockMinutes', 3);
    await exportVaultToFile(fresh.vault, path, 'w', { kdf: TEST_KDF });
    const again = await openNodeVault({ path, passphrase: 'w' });
    expect(again.restored).toBe(true);
    expect(await again.vault.settings.get('lock.autoLockMinutes')).toBe(3);
    await expect(openNodeVault({ path, passphrase: 'nope' })).rejects.toMatchObject({ code: 'WRONG_PASSPHRASE' });
    await expect(openNodeVault({ path })).rejects.toMatchObject({ code: 'PASSPHRASE_REQUIRED' });
  });
});
