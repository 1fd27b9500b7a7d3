import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { openTestVault, TEST_KDF } from '../testing/open';
import { createKeyring } from './keyring';
import { memorySessionKeyStore } from './session-keys';

const owner = DEMO_PEOPLE.alice.privateKey;
const harness = DEMO_SERVICES['harness-agent'].privateKey;

async function setup(kdf = TEST_KDF) {
  const vault = await openTestVault();
  const session = memorySessionKeyStore();
  const keyring = createKeyring({ keys: vault.keys, session, clock: vault.clock, kdf });
  await keyring.create('correct horse battery staple', [
    { id: 'owner', purpose: 'owner', privateKey: owner },
    { id: 'harness', purpose: 'harness', privateKey: harness },
  ]);
  return { vault, session, keyring };
}

describe('keyring: the owner key at rest', () => {
  it('stores only ciphertext, bound to id, purpose and address', async () => {
    const { vault } = await setup();
    const rows = (await vault.keys.list()).rows;
    expect(rows.map((r) => [r.id, r.purpose, r.address])).toEqual([
      ['harness', 'harness', DEMO_SERVICES['harness-agent'].address.toLowerCase()],
      ['owner', 'owner', privateKeyToAddress(owner).toLowerCase()],
    ]);
    expect(JSON.stringify(rows)).not.toContain(owner.slice(2));
    expect(rows[0]!.kdf).toMatchObject({ name: 'scrypt', N: 1024, testOnly: true });
  });

  it('unlocks into the session store with the right passphrase', async () => {
    const { keyring, session } = await setup();
    const unlocked = await keyring.unlock('correct horse battery staple');
    expect(unlocked.ok).toBe(true);
    expect(await keyring.privateKeyOf('owner')).toBe(owner);
    expect(await keyring.privateKeyOf('harness')).toBe(harness);
    expect((await session.get())?.keys).toHaveLength(2);
  });

  it('refuses a wrong passphrase in words and leaves the session as it was', async () => {
    const { keyring, session } = await setup();
    expect(await keyring.unlock('Correct horse battery staple')).toEqual({
      ok: false,
      code: 'WRONG_PASSPHRASE',
      message: 'That passphrase does not unlock this vault. Check it and try again.',
    });
    expect(await session.get()).toBeUndefined();
  });

  it('refuses a flipped ciphertext byte and a relabelled purpose as tampering', async () => {
    const { vault, keyring } = await setup();
    const row = (await vault.keys.get('owner'))!;
    const flipped = row.ciphertext.slice(0, 10) + (row.ciphertext[10] === '0' ? '1' : '0') + row.ciphertext.slice(11);
    await vault.db.keys.put({ ...row, ciphertext: flipped });
    expect(await keyring.unlock('correct horse battery staple')).toMatchObject({
      ok: false,
      code: 'KEY_TAMPERED',
      message: expect.stringContaining('"owner"'),
    });
    await vault.db.keys.put({ ...row, purpose: 'harness' });
    expect(await keyring.unlock('correct horse battery staple')).toMatchObject({ ok: false, code: 'KEY_TAMPERED' });
  });

  it('never overwrites a key id, and says when there is no key at all', async () => {
    const { keyring } = await setup();
    await expect(keyring.create('x', [{ id: 'owner', purpose: 'owner', privateKey: harness }])).rejects.toMatchObject({
      code: 'KEY_EXISTS',
    });
    const empty = await openTestVault();
    const bare = createKeyring({
      keys: empty.keys,
      session: memorySessionKeyStore(),
      clock: empty.clock,
      kdf: TEST_KDF,
    });
    expect(await bare.unlock('anything')).toMatchObject({ ok: false, code: 'NO_KEYS' });
  });

  it('refuses weak stretching parameters unless marked for tests', async () => {
    const vault = await openTestVault();
    const keyring = createKeyring({
      keys: vault.keys,
      session: memorySessionKeyStore(),
      clock: vault.clock,
      kdf: { name: 'scrypt', N: 1024, r: 8, p: 1 },
    });
    await expect(keyring.create('pw', [{ id: 'owner', purpose: 'owner', privateKey: owner }])).rejects.toMatchObject({
      code: 'WEAK_KDF',
    });
  });

  it('seals with PBKDF2-SHA256 via WebCrypto as the alternative', async () => {
    const { keyring } = await setup({ name: 'pbkdf2-sha256', iterations: 1000, testOnly: true });
    expect((await keyring.unlock('correct horse battery staple')).ok).toBe(true);
    expect(await keyring.privateKeyOf('owner')).toBe(owner);
  });
});

describe('keyring: lock', () => {
  it('clears the key material and runs every lock hook, even when one fails', async () => {
    const { keyring } = await setup();
    await keyring.unlock('correct horse battery staple');
    const pending = ['sign mandate', 'sign grant'];
    keyring.onLock(() => {
      throw new Error('queue broke');
    });
    keyring.onLock((reason) => {
      expect(reason).toBe('person');
      pending.length = 0;
    });
    const { hookErrors } = await keyring.lock('person');
    expect(hookErrors).toHaveLength(1);
    expect(pending).toEqual([]);
    expect(await keyring.session()).toBeUndefined();
    expect(await keyring.privateKeyOf('owner')).toBeUndefined();
  });

  it('does not let a touch racing a lock write the key back', async () => {
    const { keyring } = await setup();
    await keyring.unlock('correct horse battery staple');
    await Promise.all([keyring.touch(), keyring.lock('idle'), keyring.touch()]);
    expect(await keyring.session()).toBeUndefined();
  });

  it('changes the passphrase all at once, then locks', async () => {
    const { keyring } = await setup();
    await keyring.unlock('correct horse battery staple');
    expect(await keyring.changePassphrase('wrong', 'new words')).toMatchObject({ ok: false, code: 'WRONG_PASSPHRASE' });
    expect(await keyring.changePassphrase('correct horse battery staple', 'new words')).toEqual({ ok: true });
    expect(await keyring.session()).toBeUndefined();
    expect((await keyring.unlock('correct horse battery staple')).ok).toBe(false);
    expect((await keyring.unlock('new words')).ok).toBe(true);
    expect(await keyring.privateKeyOf('harness')).toBe(harness);
  });
});
