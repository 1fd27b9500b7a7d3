import { ARCHETYPES } from '../../ontology/archetypes.generated';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { HomeError } from '../../protocol/errors';
import type { Keyring } from '../../vault/keys/keyring';
import type { Vault } from '../../vault/vault';
import { smartAgentOf } from '../../wallet';

/**
 * A care-team member's demo Home (the care team): Dr. Dave Silva (cardiologist) or Dr. Priya Nair
 * (primary-care physician) with their public demo keys and their demo Smart Agents — the addresses the HeartCoach
 * desk seeds its roster from — and the person archetype. Only into an empty Home; every key here is a public demo
 * key (src/protocol/demo-identities.ts), never anything of value.
 */
export const CLINICIANS = ['dave', 'priya'] as const;
export type ClinicianId = (typeof CLINICIANS)[number];

export async function loadClinicianProfile(
  home: { vault: Vault; keyring: Keyring },
  input: { identity: ClinicianId; passphrase: string },
) {
  const { vault, keyring } = home;
  if ((await vault.keys.list()).rows.length > 0 || (await vault.agents.list('person')).rows.length > 0) {
    throw new HomeError(
      'KEYS_EXIST',
      'This Home already holds a person; a clinician demo profile loads only into an empty Home (use a fresh browser profile).',
    );
  }
  const person = DEMO_PEOPLE[input.identity];
  const harness = DEMO_SERVICES['harness-agent'];
  await keyring.create(input.passphrase, [
    { id: 'owner', purpose: 'owner', privateKey: person.privateKey },
    { id: 'harness', purpose: 'harness', privateKey: harness.privateKey },
  ]);
  const agent = await smartAgentOf(person.ownerAddress, person.salt);
  await vault.agents.put({
    address: agent.address,
    kind: 'person',
    label: person.name,
    aliases: person.aliases,
    ownerAddress: person.ownerAddress.toLowerCase(),
    salt: person.salt,
  });
  await vault.agents.put({
    address: harness.address.toLowerCase(),
    kind: 'harness',
    label: 'Harness agent',
    aliases: [],
    ownerAddress: harness.address.toLowerCase(),
  });
  const archetype = ARCHETYPES['person-agent'];
  if (archetype !== undefined) {
    await vault.playbooks.assign({
      agent: agent.address,
      assignedBy: agent.address,
      archetypeId: archetype.id,
      archetypeVersion: archetype.version,
      definitionDigest: archetype.definitionDigest,
    });
  }
  // Public demo keys: there is no backup to keep, so the Home does not ask for one (as the Alice demo does not).
  await vault.records.put({
    id: 'home.backup.confirmed',
    type: 'preference',
    owner: agent.address,
    data: { key: 'home.backup.confirmed', value: vault.clock.now() },
  });
  const unlocked = await keyring.unlock(input.passphrase);
  if (!unlocked.ok) throw new HomeError(unlocked.code, unlocked.message);
  return { address: agent.address, name: person.name, roles: person.careRoles };
}
