import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { openTestVault, T0, TEST_KDF } from '../testing/open';
import { autoLockAt, autoLockDue, createAutoLock } from './auto-lock';
import { createKeyring } from './keyring';
import { memorySessionKeyStore } from './session-keys';

describe('auto-lock', () => {
  it('is due once the idle time has passed since the last activity', () => {
    const session = { lastActiveAt: T0 };
    expect(autoLockAt(session, 15)).toBe(T0 + 15 * 60_000);
    expect(autoLockDue(session, 15, T0 + 15 * 60_000 - 1)).toBe(false);
    expect(autoLockDue(session, 15, T0 + 15 * 60_000)).toBe(true);
  });

  it('locks after the minutes the person set, counting from the last activity, and clears pending requests', async () => {
    const vault = await openTestVault();
    const keyring = createKeyring({
      keys: vault.keys,
      session: memorySessionKeyStore(),
      clock: vault.clock,
      kdf: TEST_KDF,
    });
    await keyring.create('pw', [{ id: 'owner', purpose: 'owner', privateKey: DEMO_PEOPLE.alice.privateKey }]);
    await vault.settings.set('lock.autoLockMinutes', 5);
    const autoLock = createAutoLock({
      keyring,
      clock: vault.clock,
      idleMinutes: () => vault.settings.get('lock.autoLockMinutes'),
    });
    let rejected = 0;
    keyring.onLock(() => {
      rejected += 1;
    });

    expect(await autoLock.check()).toEqual({ state: 'locked' });
    await keyring.unlock('pw');
    vault.clock.advance(4 * 60_000);
    await keyring.touch();
    vault.clock.advance(4 * 60_000);
    expect(await autoLock.check()).toEqual({ state: 'unlocked', nextCheckAt: T0 + 9 * 60_000 });
    vault.clock.advance(60_000);
    expect(await autoLock.check()).toEqual({ state: 'locked-now' });
    expect(rejected).toBe(1);
    expect(await keyring.privateKeyOf('owner')).toBeUndefined();
  });
});
