import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { demoAddressOf } from '../../agent/demo';
import { DEMO_SERVICES } from '../../protocol/demo-identities';
import { loadDemoVault } from '../../vault/demo/load';
import { openTestVault } from '../../vault/testing/open';
import { createVaultPort } from './vault-port';

/**
 * The VaultPort over the vault's repositories (fake-indexeddb): the harness sees checksummed addresses whatever the vault
 * stores, parties by exact label or alias in the asker's tier (contacts, their organizations, members of the
 * organizations they steward), stewards from memberships, and the run-side tables as the harness expects them.
 */
async function demo(budget?: { allowance: number; windowMs: number }) {
  const vault = await openTestVault();
  await loadDemoVault(vault, { addressOf: demoAddressOf });
  const who = async (id: Parameters<typeof demoAddressOf>[0]) => getAddress(await demoAddressOf(id));
  return { vault, port: createVaultPort({ vault, ...(budget !== undefined ? { budget } : {}) }), who };
}

describe('the VaultPort on the Dexie vault', () => {
  it('names parties exactly in the asker’s tier, checksummed: a contact, both thompsons, dave only as a member', async () => {
    const { port, who } = await demo();
    const alice = await who('alice');
    expect(await port.parties.named(alice, 'DAVID')).toEqual([
      { address: await who('david'), label: 'David Adeyemi', aliases: ['david'], kind: 'person', via: 'contact' },
    ]);
    expect((await port.parties.named(alice, 'thompson')).map((p) => p.address).sort()).toEqual(
      [await who('thompson-community'), await who('thompson-family')].sort(),
    );
    expect(await port.parties.named(alice, 'dave')).toEqual([
      {
        address: await who('dave'),
        label: 'Dr. Dave Silva, MD',
        aliases: ['dave', 'dave silva'],
        kind: 'person',
        via: 'member',
      },
    ]);
    expect(await port.parties.named(alice, 'dav')).toEqual([]);
    // Bob stewards nothing: Missio Nexus's members are not in his tier.
    expect(await port.parties.named(await who('bob'), 'dave')).toEqual([]);
  });

  it('tells stewards, members, role holders, affiliations and the default payer from the records', async () => {
    const { port, who } = await demo();
    const [alice, missio] = [await who('alice'), await who('missio-nexus')];
    expect(await port.agents.get(missio)).toMatchObject({
      kind: 'organization',
      name: 'Missio Nexus',
      stewards: [alice],
    });
    expect(await port.agents.get(alice.toLowerCase() as `0x${string}`)).toMatchObject({
      address: alice,
      kind: 'person',
      stewards: [alice],
    });
    expect(await port.agents.get(DEMO_SERVICES['harness-agent'].address)).toBeNull();
    expect((await port.roles.holders(missio, 'treasurer')).sort()).toEqual(
      [await who('carol'), await who('nathan')].sort(),
    );
    expect(await port.roles.holders(alice, 'co-signer')).toEqual([await who('bob')]);
    expect((await port.memberships.ofPerson(alice)).map((a) => a.label).sort()).toEqual([
      'Missio Nexus',
      'thompson',
      'thompson',
    ]);
    expect(await port.payments.defaultPayer(alice)).toBe(alice);
    expect(await port.payments.highRiskThreshold(alice)).toBe('25');
    expect(await port.payments.highRiskThreshold(missio)).toBeNull();
  });

  it('hands back an expired run’s state (for the harness to say “expired”), and null for an unknown one', async () => {
    const { vault, port, who } = await demo();
    const alice = await who('alice');
    await port.runs.put({
      runRef: 'run-1',
      addressee: alice,
      asker: alice,
      status: 'awaiting',
      expiresAt: vault.clock.now() + 1000,
      state: { hello: 'world', gone: undefined },
    });
    expect(await port.runs.get('run-1')).toEqual({ hello: 'world' });
    vault.clock.advance(2000);
    expect(await port.runs.get('run-1')).toEqual({ hello: 'world' });
    expect(await port.runs.get('run-2')).toBeNull();
  });

  it('spends a nonce once, remembers a confirmation by scope, and refuses a record of a type the vault does not keep', async () => {
    const { vault, port, who } = await demo();
    const alice = await who('alice');
    const spend = {
      nonce: 'nonce-0000000000001',
      scope: `0x${'ab'.repeat(32)}`,
      expiresAt: vault.clock.now() + 60_000,
    };
    expect(await port.nonces.spend(spend)).toBe('fresh');
    expect(await port.nonces.spend(spend)).toBe('replayed');
    expect(await port.nonces.spend({ ...spend, nonce: 'expired-000000000001', expiresAt: vault.clock.now() - 1 })).toBe(
      'replayed',
    );
    const scope = {
      asker: alice,
      word: 'Thompson',
      capability: 'organization.membership.invite',
      argument: 'organization',
    };
    await port.confirmations.put({
      ...scope,
      chosen: await who('thompson-family'),
      label: 'thompson (thompson family trust)',
      at: 0,
    });
    expect(await port.confirmations.find({ ...scope, word: 'thompson' })).toMatchObject({
      chosen: await who('thompson-family'),
      label: 'thompson (thompson family trust)',
    });
    expect(await port.confirmations.find({ ...scope, asker: await who('bob') })).toBeNull();
    await expect(
      port.records.put({ id: 'x', type: 'keys', owner: alice, data: {}, createdAt: 0, updatedAt: 0 }),
    ).rejects.toMatchObject({ code: 'VAULT_ROW_INVALID' });
  });

  it('charges a budget per agent and refuses when it is spent, until the window turns', async () => {
    const { vault, port, who } = await demo({ allowance: 2, windowMs: 3_600_000 });
    const alice = await who('alice');
    expect(await port.budget.charge(alice, 1)).toEqual({ ok: true, remaining: 1 });
    expect(await port.budget.charge(alice, 1)).toEqual({ ok: true, remaining: 0 });
    expect(await port.budget.charge(alice, 1)).toEqual({
      ok: false,
      resetsAt: vault.clock.now() + 3_600_000,
      allowance: 2,
    });
    expect((await port.budget.charge(await who('missio-nexus'), 1)).ok).toBe(true);
    vault.clock.advance(3_600_000);
    expect((await port.budget.charge(alice, 1)).ok).toBe(true);
  });

  it('by default gives each agent the person’s daily allowance, kept in the vault: a new port (a restart) still sees it spent', async () => {
    const { vault, port, who } = await demo();
    const alice = await who('alice');
    await vault.settings.set('budget.asksPerDay', 2);
    expect(await port.budget.charge(alice, 2)).toEqual({ ok: true, remaining: 0 });
    const restarted = createVaultPort({ vault });
    expect(await restarted.budget.charge(alice, 1)).toEqual({
      ok: false,
      resetsAt: vault.clock.now() + 86_400_000,
      allowance: 2,
    });
    vault.clock.advance(86_400_000);
    expect(await restarted.budget.charge(alice, 1)).toEqual({ ok: true, remaining: 1 });
  });
});
