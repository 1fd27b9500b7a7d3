import { describe, expect, it } from 'vitest';
import { DEMO_PEOPLE } from '../../protocol/demo-identities';
import { createKeyring } from '../../vault/keys/keyring';
import { memorySessionKeyStore } from '../../vault/keys/session-keys';
import { openTestVault, TEST_KDF } from '../../vault/testing/open';
import { smartAgentOf } from '../../wallet';
import { loadClinicianProfile } from './clinician-profile';

/** A clinician's demo Home holds exactly their demo identity — the address HeartCoach's desk seeds its roster from. */
describe('loadClinicianProfile', () => {
  const home = async () => {
    const vault = await openTestVault({ name: `clinician-${Math.random()}` });
    return {
      vault,
      keyring: createKeyring({ keys: vault.keys, session: memorySessionKeyStore(), clock: vault.clock, kdf: TEST_KDF }),
    };
  };

  it("makes Dr. Dave's Home: his demo Smart Agent as the person, his key unlocked, the person archetype pinned", async () => {
    const h = await home();
    const loaded = await loadClinicianProfile(h, { identity: 'dave', passphrase: 'a long test passphrase' });
    const expected = await smartAgentOf(DEMO_PEOPLE.dave.ownerAddress, DEMO_PEOPLE.dave.salt);
    expect(loaded).toEqual({ address: expected.address, name: 'Dr. Dave Silva, MD', roles: ['cardiologist'] });
    expect((await h.vault.agents.list('person')).rows.map((a) => a.address)).toEqual([expected.address.toLowerCase()]);
    expect(await h.keyring.privateKeyOf('owner')).toBe(DEMO_PEOPLE.dave.privateKey);
    expect((await h.vault.playbooks.get(expected.address))?.archetypeId).toBe('person-agent');
  });

  it('refuses a Home that already holds a person, in words, and writes nothing', async () => {
    const h = await home();
    await loadClinicianProfile(h, { identity: 'priya', passphrase: 'a long test passphrase' });
    await expect(loadClinicianProfile(h, { identity: 'dave', passphrase: 'a long test passphrase' })).rejects.toThrow(
      /already holds a person/,
    );
    expect((await h.vault.agents.list('person')).rows).toHaveLength(1);
  });
});
