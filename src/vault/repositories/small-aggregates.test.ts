import { describe, expect, it } from 'vitest';
import { SETTINGS as ONTOLOGY_SETTINGS } from '../../ontology/capabilities.generated';
import { addr, hash, openTestVault, T0 } from '../testing/open';

describe('agents and playbooks', () => {
  it("holds the person's and stewarded agents, each with a pinned playbook", async () => {
    const vault = await openTestVault();
    await vault.agents.put({
      address: addr(1),
      kind: 'person',
      label: 'Alice Okoro',
      aliases: ['Alice'],
      ownerAddress: addr(11),
    });
    await vault.agents.put({
      address: addr(2),
      kind: 'organization',
      label: 'Missio Nexus',
      aliases: ['missio'],
      ownerAddress: addr(11),
      salt: hash(2),
    });
    await vault.playbooks.assign({
      agent: addr(2),
      archetypeId: 'organization-agent',
      archetypeVersion: '1.0.0',
      definitionDigest: hash(9),
      assignedBy: addr(1),
    });
    expect((await vault.agents.list('organization')).rows.map((a) => a.label)).toEqual(['Missio Nexus']);
    expect(await vault.playbooks.get(addr(2))).toMatchObject({
      archetypeId: 'organization-agent',
      definitionDigest: hash(9),
      assignedAt: T0,
    });
    expect(await vault.playbooks.get(addr(1))).toBeUndefined();
    await expect(
      vault.playbooks.assign({
        agent: addr(1),
        archetypeId: 'x',
        archetypeVersion: '1',
        definitionDigest: '0x1234',
        assignedBy: addr(1),
      }),
    ).rejects.toMatchObject({
      code: 'VAULT_ROW_INVALID',
    });
  });
});

describe('confirmations', () => {
  it('remembers one choice per (asker, word, capability, argument), the word matched case-insensitively', async () => {
    const vault = await openTestVault();
    const scope = {
      asker: addr(1),
      word: 'Thompson',
      capability: 'organization.membership.invite',
      argument: 'organization',
    };
    await vault.confirmations.remember({ ...scope, choice: { address: addr(3) }, label: 'thompson (Community Fund)' });
    vault.clock.advance(10);
    await vault.confirmations.remember({ ...scope, choice: { address: addr(4) }, label: 'thompson (Family Trust)' });
    expect(await vault.confirmations.recall({ ...scope, word: ' thompson ' })).toMatchObject({
      choice: { address: addr(4) },
      word: 'thompson',
    });
    expect(await vault.confirmations.recall({ ...scope, capability: 'person.contact.invite' })).toBeUndefined();
    expect(await vault.confirmations.recall({ ...scope, asker: addr(2) })).toBeUndefined();
    expect(await vault.confirmations.forget(scope)).toBe(1);
    expect((await vault.confirmations.list()).rows).toEqual([]);
  });
});

describe('provenance', () => {
  it('keeps PROV exports, artifacts and run records per run until they expire', async () => {
    const vault = await openTestVault();
    const week = 7 * 86_400_000;
    await vault.provenance.put({
      id: 'p-1',
      runRef: 'r-1',
      kind: 'run.provenance',
      mediaType: 'application/ld+json',
      body: { '@graph': [] },
      expiresAt: T0 + week,
    });
    await vault.provenance.put({
      id: 'a-1',
      runRef: 'r-1',
      kind: 'run.artifact',
      mediaType: 'application/json',
      body: [1, 2],
      expiresAt: T0 + 1000,
    });
    expect((await vault.provenance.byRun('r-1')).rows.map((p) => p.id).sort()).toEqual(['a-1', 'p-1']);
    expect((await vault.provenance.byRun('r-1', 'run.provenance')).rows.map((p) => p.id)).toEqual(['p-1']);
    vault.clock.advance(1000);
    expect(await vault.provenance.sweep()).toBe(1);
    expect(await vault.provenance.get('a-1')).toBeUndefined();
    expect(await vault.provenance.get('p-1')).toBeDefined();
  });
});

describe('settings', () => {
  it('has typed values with defaults, refuses a wrong type or an unknown key in words', async () => {
    const vault = await openTestVault();
    expect(await vault.settings.get('lock.autoLockMinutes')).toBe(15);
    expect(await vault.settings.get('chain.mode')).toBe('embedded');
    await vault.settings.set('lock.autoLockMinutes', 5);
    await vault.settings.set('chain.rpcUrl', 'http://127.0.0.1:8545');
    expect(await vault.settings.get('lock.autoLockMinutes')).toBe(5);
    await expect(vault.settings.set('lock.autoLockMinutes', 0)).rejects.toMatchObject({ code: 'VAULT_ROW_INVALID' });
    await expect(vault.settings.set('gateway.url', 'ftp://x' as never)).rejects.toMatchObject({
      message: expect.stringContaining('http(s) URL'),
    });
    await expect(vault.settings.set('model.colour' as never, 'red' as never)).rejects.toMatchObject({
      code: 'UNKNOWN_SETTING',
    });
    await vault.settings.reset('lock.autoLockMinutes');
    expect(await vault.settings.get('lock.autoLockMinutes')).toBe(15);
  });

  it('names a damaged setting and falls back to its default in the overview', async () => {
    const vault = await openTestVault();
    await vault.db.settings.put({ key: 'chain.mode', value: 'carrier-pigeon', updatedAt: T0 });
    await expect(vault.settings.get('chain.mode')).rejects.toMatchObject({
      code: 'VAULT_ROW_CORRUPT',
      details: { id: 'chain.mode' },
    });
    const all = await vault.settings.all();
    expect(all.values['chain.mode']).toBe('embedded');
    expect(all.corrupt).toEqual([
      { table: 'settings', id: 'chain.mode', message: expect.stringContaining('"chain.mode" is damaged') },
    ]);
  });

  it('covers every setting the ontology says a capability depends on, with the same default', async () => {
    const vault = await openTestVault();
    for (const setting of Object.values(ONTOLOGY_SETTINGS)) {
      expect(await vault.settings.get(setting.id as 'payments.highRiskAboveUsdc')).toBe(setting.defaultValue);
    }
  });
});

describe('chain state', () => {
  it('stores the snapshot bytes it was given, and refuses a truncated one', async () => {
    const vault = await openTestVault();
    const store = vault.chainState();
    expect(await store.load()).toBeUndefined();
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await store.save(bytes);
    bytes[0] = 9; // the caller reusing its buffer must not change what was saved
    expect(await store.load()).toEqual(new Uint8Array([1, 2, 3, 250]));
    expect(await vault.chainState('anvil').load()).toBeUndefined();
    await vault.db.chainState.put({ id: 'embedded', bytes: new Uint8Array([1]), byteLength: 4, savedAt: T0 });
    await expect(store.load()).rejects.toMatchObject({
      code: 'VAULT_ROW_CORRUPT',
      message: expect.stringContaining('truncated'),
    });
  });
});
