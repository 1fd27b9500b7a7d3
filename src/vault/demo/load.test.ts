import { describe, expect, it } from 'vitest';
import { demoCabinet } from '../../../gateway/testing/demo-cabinet';
import { ARCHETYPES } from '../../ontology/archetypes.generated';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { Cabinet } from '../../protocol/heartcoach';
import { createKeyring } from '../keys/keyring';
import { memorySessionKeyStore } from '../keys/session-keys';
import { openTestVault, T0, TEST_KDF } from '../testing/open';
import { walletAddresses, walletAddressOf } from '../testing/wallet-addresses';
import type { DemoIdentityId } from './people';
import { loadDemoVault } from './load';

// The real Smart Agent addresses, computed by src/wallet, as the composition root passes them.
const ADDRESSES = await walletAddresses();
const at = (id: DemoIdentityId) => ADDRESSES[id];

async function demoVault() {
  const vault = await openTestVault();
  const summary = await loadDemoVault(vault, { addressOf: walletAddressOf, now: T0 });
  return { vault, summary, alice: at('alice'), missio: at('missio-nexus') };
}

describe('demo vault (DESIGN §10)', () => {
  it('uses distinct wallet-computed Smart Agent addresses for every identity', () => {
    expect(new Set(Object.values(ADDRESSES)).size).toBe(Object.keys(ADDRESSES).length);
    expect(at('alice')).not.toBe(DEMO_PEOPLE.alice.ownerAddress.toLowerCase());
  });

  it('is loaded only when asked: a vault opens empty', async () => {
    const vault = await openTestVault();
    for (const table of vault.db.tables) expect(await table.count(), table.name).toBe(0);
  });

  it('gives Alice the contacts david, bob, carol and nathan.treasury — not dave', async () => {
    const { vault, alice } = await demoVault();
    const contacts = (await vault.records.list('contact', alice)).rows;
    expect(contacts.map((c) => c.data.label).sort()).toEqual([
      'Bob Mensah',
      'Carol Whitfield',
      'David Adeyemi',
      'Nathan Reyes',
    ]);
    expect((await vault.records.named('contact', alice, 'nathan.treasury')).rows.map((c) => c.data.address)).toEqual([
      at('nathan'),
    ]);
    expect((await vault.records.named('contact', alice, 'david')).rows.map((c) => c.data.address)).toEqual([
      at('david'),
    ]);
    expect((await vault.records.named('contact', alice, 'dave')).rows).toEqual([]);
  });

  it('knows dave only as a member of Missio Nexus, whose members exclude david; Alice stewards it, carol and nathan are treasurers', async () => {
    const { vault, alice, missio } = await demoVault();
    const members = (await vault.records.list('membership', missio)).rows;
    const byMember = new Map(members.map((m) => [m.data.member, m.data.roles]));
    expect(byMember.get(at('dave'))).toEqual(['member']);
    expect(byMember.has(at('david'))).toBe(false);
    expect(byMember.get(alice)).toContain('steward');
    expect(
      members
        .filter((m) => m.data.roles.includes('treasurer'))
        .map((m) => m.data.member)
        .sort(),
    ).toEqual([at('carol'), at('nathan')].sort());
    expect((await vault.records.named('membership', missio, 'Dave')).rows).toHaveLength(1);
  });

  it('holds two organizations named "thompson", told apart by detail', async () => {
    const { vault, alice } = await demoVault();
    const thompsons = (await vault.records.named('organization', alice, 'thompson')).rows;
    expect(thompsons).toHaveLength(2);
    expect(new Set(thompsons.map((t) => t.data.address)).size).toBe(2);
    expect(thompsons.every((t) => t.data.label === 'thompson')).toBe(true);
    expect(thompsons[0]!.data.detail).not.toBe(thompsons[1]!.data.detail);
    expect((await vault.records.named('organization', alice, 'thompson family trust')).rows).toHaveLength(1);
  });

  it("marks Alice's Smart Agent as default payer and Bob as her co-signer", async () => {
    const { vault, alice } = await demoVault();
    expect((await vault.records.list('payer.default', alice)).rows.map((p) => p.data.address)).toEqual([alice]);
    const own = (await vault.records.list('membership', alice)).rows;
    expect(own.map((m) => [m.data.member, m.data.roles])).toEqual([[at('bob'), ['co-signer']]]);
  });

  it("holds her agent and the stewarded organizations' agents with pinned playbooks", async () => {
    const { vault, alice, missio, summary } = await demoVault();
    expect(summary.agents).toBe(5);
    expect(await vault.agents.get(alice)).toMatchObject({
      kind: 'person',
      ownerAddress: DEMO_PEOPLE.alice.ownerAddress.toLowerCase(),
    });
    expect((await vault.agents.list('organization')).rows).toHaveLength(3);
    expect(await vault.playbooks.get(alice)).toMatchObject({
      archetypeId: 'person-agent',
      definitionDigest: ARCHETYPES['person-agent']!.definitionDigest,
    });
    expect(await vault.playbooks.get(missio)).toMatchObject({
      archetypeId: 'organization-agent',
      archetypeVersion: ARCHETYPES['organization-agent']!.version,
    });
    expect(await vault.check()).toEqual([]);
  });

  it('gives her a cardiac cabinet: profile with furosemide and potassium, a week of readings, doses against orders, ankle swelling, 08:00 check-ins, one insight', async () => {
    const { vault, alice } = await demoVault();
    const { folders } = await vault.records.cabinet(alice, [
      'profile',
      'readings',
      'doses',
      'symptoms',
      'prefs',
      'guidance',
    ]);
    const profile = folders.profile![0]!.data as Cabinet['profile'] & object;
    expect(profile.diagnoses).toContain('heart-failure');
    expect(profile.orders.find((o) => o.drug === 'furosemide')).toMatchObject({
      orderId: 'ord-furosemide',
      dose: '40 mg',
      active: true,
      aliases: expect.arrayContaining(['water pill']),
    });
    expect(profile.labs.find((l) => l.name === 'potassium')?.value).toBe('4.1');
    const readings = folders.readings!.map((r) => r.data as { id: string; metric: string; source: string; at: string });
    expect(new Set(readings.map((r) => r.metric))).toEqual(new Set(['bp', 'weight', 'pulse', 'steps']));
    expect(new Set(readings.map((r) => r.source))).toEqual(new Set(['you', 'device', 'chart']));
    const days = new Set(readings.map((r) => r.at.slice(0, 10)));
    expect(days.size).toBe(7);
    expect(readings.some((r) => r.metric === 'weight' && r.at.startsWith('2026-09-29'))).toBe(false); // still to do today: weight
    expect(readings.every((r) => Date.parse(r.at) <= T0)).toBe(true);
    const orderIds = new Set(profile.orders.map((o) => o.orderId));
    expect(folders.doses!.every((d) => orderIds.has((d.data as { orderId: string }).orderId))).toBe(true);
    expect((folders.symptoms![0]!.data as { text: string }).text).toMatch(/ankles/);
    expect(folders.prefs![0]!.data).toEqual({ checkIns: true, checkInAt: '08:00' });
    expect(folders.guidance).toHaveLength(1);
  });

  it("holds the cabinet in the HeartCoach wire shape, with the gateway fixture's figures", async () => {
    const { vault, alice } = await demoVault();
    const { folders } = await vault.records.cabinet(alice, [
      'profile',
      'readings',
      'doses',
      'symptoms',
      'prefs',
      'guidance',
    ]);
    const data = (folder: keyof typeof folders) => folders[folder]!.map((r) => r.data);
    const insight = data('guidance')[0] as {
      id: string;
      at: string;
      question: string;
      say: string;
      tier: string;
      theme: string;
    };
    const wire = Cabinet.parse({
      profile: data('profile')[0],
      readings: data('readings'),
      doses: data('doses'),
      symptoms: data('symptoms'),
      prefs: data('prefs')[0],
      guidance: [
        {
          id: insight.id,
          at: insight.at,
          question: insight.question,
          say: insight.say,
          tier: insight.tier,
          theme: insight.theme,
        },
      ],
    });
    const gateway = demoCabinet();
    expect(wire.profile).toEqual(gateway.profile);
    const mine = new Map(wire.readings!.map((r) => [r.id, r]));
    for (const reading of gateway.readings)
      expect({ ...mine.get(reading.id), source: reading.source }, reading.id).toEqual(reading);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...wire.doses!].sort(byId)).toEqual([...gateway.doses].sort(byId));
  });

  it("loads again without duplicating, and seals Alice's and the harness agent's keys when asked", async () => {
    const { vault, alice, summary } = await demoVault();
    const again = await loadDemoVault(vault, {
      addressOf: at,
      now: T0,
      keys: { passphrase: 'demo passphrase', kdf: TEST_KDF },
    });
    expect(again.records).toBe(summary.records);
    expect(await vault.db.records.count()).toBe(summary.records);
    expect(again.keysSealed).toBe(true);
    const keyring = createKeyring({ keys: vault.keys, session: memorySessionKeyStore(), clock: vault.clock });
    expect((await keyring.unlock('demo passphrase')).ok).toBe(true);
    expect((await keyring.session())!.keys.find((k) => k.purpose === 'owner')?.address).toBe(
      DEMO_PEOPLE.alice.ownerAddress.toLowerCase(),
    );
    expect(
      (await loadDemoVault(vault, { addressOf: at, now: T0, keys: { passphrase: 'x', kdf: TEST_KDF } })).keysSealed,
    ).toBe(false);
    expect(alice).toBe(summary.alice);
  });
});
