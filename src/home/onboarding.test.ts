import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../protocol/demo-identities';
import { ownerAddressOf, smartAgentOf } from '../wallet';
import { personSalt } from './onboarding';
import { OVERLAY, testHome } from './testing/test-home';

const PASS = 'correct horse battery staple';
type Backup = {
  fileName: string;
  text: string;
  status: { stage: string; unlocked: boolean; person: { address: string; label: string } };
};

describe('the Home: onboarding from an empty profile', () => {
  it('starts empty, creates a sealed key, and is not ready until the backup is confirmed by opening it', async () => {
    const { call, send } = await testHome();
    expect(await call({ type: 'home.status' })).toMatchObject({
      stage: 'empty',
      unlocked: false,
      person: null,
      owner: null,
      demo: false,
    });

    const backup = await call<Backup>({ type: 'home.key.create', name: 'Maya', passphrase: PASS });
    expect(backup.status).toMatchObject({ stage: 'backup', unlocked: true, person: { label: 'Maya' } });
    expect(backup.fileName).toMatch(/^home-agent-key-backup-[0-9a-f]{8}\.json$/);
    // The backup is ciphertext: no 32-byte hex string in it other than the salt, check and KDF salt.
    const file = JSON.parse(backup.text);
    expect(file).toMatchObject({ kind: 'home-agent/key-backup', v: 1, person: { label: 'Maya' } });
    expect(file.keys).toHaveLength(1);
    expect(file.keys[0].purpose).toBe('owner');

    expect(
      await send({ type: 'home.backup.confirm', backup: backup.text, passphrase: 'not the passphrase' }),
    ).toMatchObject({ ok: false, error: { code: 'WRONG_PASSPHRASE' } });
    const altered = backup.text.replace(
      /"ciphertext": "0x([0-9a-f])/,
      (_m, d: string) => `"ciphertext": "0x${d === '0' ? '1' : '0'}`,
    );
    expect(await send({ type: 'home.backup.confirm', backup: altered, passphrase: PASS })).toMatchObject({
      ok: false,
      error: { code: 'KEY_TAMPERED' },
    });
    expect(await send({ type: 'home.backup.confirm', backup: '{"kind":"other"}', passphrase: PASS })).toMatchObject({
      ok: false,
      error: { code: 'BACKUP_UNREADABLE' },
    });
    expect(await call({ type: 'home.status' })).toMatchObject({ stage: 'backup' });

    expect(await call({ type: 'home.backup.confirm', backup: backup.text, passphrase: PASS })).toMatchObject({
      stage: 'ready',
      unlocked: true,
    });
    expect(await send({ type: 'home.key.create', name: 'Maya', passphrase: PASS })).toMatchObject({
      ok: false,
      error: { code: 'KEYS_EXIST' },
    });
  });

  it('refuses a backup of another Home, even with the right passphrase', async () => {
    const one = await testHome();
    const two = await testHome();
    await one.call({ type: 'home.key.create', name: 'One', passphrase: PASS });
    const other = await two.call<Backup>({ type: 'home.key.create', name: 'Two', passphrase: PASS });
    expect(await one.send({ type: 'home.backup.confirm', backup: other.text, passphrase: PASS })).toMatchObject({
      ok: false,
      error: { code: 'BACKUP_MISMATCH' },
    });
  });

  it('imports a key: the same key finds the same Smart Agent in any Home', async () => {
    const { call, send, vault } = await testHome();
    expect(await send({ type: 'home.key.import', name: 'Bob', passphrase: PASS, privateKey: '0x1234' })).toMatchObject({
      ok: false,
      error: { code: 'KEY_INVALID' },
    });
    const key = '0x' + 'ab'.repeat(32);
    const backup = await call<Backup>({
      type: 'home.key.import',
      name: 'Ben',
      passphrase: PASS,
      privateKey: key.slice(2),
    });
    const owner = ownerAddressOf(key as `0x${string}`);
    const expected = await smartAgentOf(owner, personSalt(owner));
    expect(backup.status.person.address).toBe(expected.address.toLowerCase());
    expect((await vault.agents.list('harness')).rows).toHaveLength(1);
    expect(await vault.playbooks.get(expected.address)).toMatchObject({ archetypeId: 'person-agent' });
  });

  it("imports a demo identity's public test key as that demo identity (its documented Smart Agent)", async () => {
    const { call } = await testHome();
    const bob = DEMO_PEOPLE.bob;
    const backup = await call<Backup>({
      type: 'home.key.import',
      name: 'Bob',
      passphrase: PASS,
      privateKey: bob.privateKey,
    });
    expect(backup.status.person.address).toBe((await smartAgentOf(bob.ownerAddress, bob.salt)).address.toLowerCase());
  });

  it('refuses a short passphrase in words, before any key is made', async () => {
    const { send, vault } = await testHome();
    const reply = await send({ type: 'home.key.create', name: 'Maya', passphrase: 'short' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    if (!reply.ok) expect(reply.error.message).toContain('at least 10 characters');
    expect((await vault.keys.list()).rows).toHaveLength(0);
  });

  it('locks (clearing every pending request) and unlocks only with the passphrase', async () => {
    const { call, send, pending } = await testHome();
    await call({ type: 'home.key.create', name: 'Maya', passphrase: PASS });
    pending.add('req-1').add('req-2');
    expect(await call({ type: 'home.lock' })).toEqual({ locked: true, cleared: 2 });
    expect(pending.size).toBe(0);
    expect(await call({ type: 'home.status' })).toMatchObject({ unlocked: false });
    expect(await send({ type: 'home.unlock', passphrase: 'wrong passphrase' })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PASSPHRASE' },
    });
    expect(await call({ type: 'home.unlock', passphrase: PASS })).toMatchObject({ unlocked: true });
  });

  it("is open to Home Agent's own pages only: the overlay cannot read the Home", async () => {
    const { send } = await testHome();
    for (const type of ['home.status', 'home.vault.summary', 'home.lock']) {
      expect(await send({ type }, OVERLAY)).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    }
  });
});
