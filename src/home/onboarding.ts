import { keccak256, stringToBytes, type Hex } from 'viem';
import { ARCHETYPES } from '../ontology/archetypes.generated';
import { DEMO_PEOPLE } from '../protocol/demo-identities';
import { HomeError } from '../protocol/errors';
import { generateOwnerKey, importOwnerKey, ownerAddressOf, smartAgentOf } from '../wallet';
import { keyBackupText } from './key-backup';
import { homeStatus } from './status';
import type { HomeServices } from './services';

/**
 * The salt of a person's Smart Agent, derived from their owner key's address: the key alone restores the same
 * identity (an imported key finds its Smart Agent again), and two people never share an address. The demo
 * identities (src/protocol/demo-identities.ts) keep their documented salts.
 */
export function personSalt(owner: string): Hex {
  const demo = Object.values(DEMO_PEOPLE).find((p) => p.ownerAddress.toLowerCase() === owner.toLowerCase());
  // A demo identity's public test key finds its demo Smart Agent (so Bob's demo Home can co-sign Alice's request).
  if (demo !== undefined) return demo.salt;
  return keccak256(stringToBytes(`home-agent/person/${owner.toLowerCase()}`));
}

/**
 * Onboarding: seals the owner key and a fresh harness key under the passphrase (refused when the Home already has
 * keys: a key is never overwritten), records the person's Smart Agent and the harness agent, pins the person
 * archetype, unlocks, and returns the sealed backup the person must download and confirm.
 */
export async function onboard(services: HomeServices, input: { name: string; passphrase: string; ownerKey: Hex }) {
  const { vault, keyring } = services;
  if ((await vault.keys.list()).rows.length > 0) {
    throw new HomeError(
      'KEYS_EXIST',
      'This Home already has a key. To start over with another, import a vault file or use a fresh browser profile.',
    );
  }
  const harnessKey = generateOwnerKey();
  const ownerAddress = ownerAddressOf(input.ownerKey).toLowerCase();
  const harnessAddress = ownerAddressOf(harnessKey).toLowerCase();
  const salt = personSalt(ownerAddress);
  const agent = await smartAgentOf(ownerAddress as Hex, salt);
  const rows = await keyring.create(input.passphrase, [
    { id: 'owner', purpose: 'owner', privateKey: input.ownerKey },
    { id: 'harness', purpose: 'harness', privateKey: harnessKey },
  ]);
  const person = await vault.agents.put({
    address: agent.address,
    kind: 'person',
    label: input.name,
    aliases: [input.name.toLowerCase()],
    ownerAddress,
    salt,
  });
  await vault.agents.put({
    address: harnessAddress,
    kind: 'harness',
    label: 'Harness agent',
    aliases: [],
    ownerAddress: harnessAddress,
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
  const unlocked = await keyring.unlock(input.passphrase);
  if (!unlocked.ok) throw new HomeError(unlocked.code, unlocked.message);
  return { ...keyBackupText(person, rows), status: await homeStatus(services) };
}

/** Onboarding with a new owner key, generated here. */
export const createKey = (services: HomeServices, input: { name: string; passphrase: string }) =>
  onboard(services, { ...input, ownerKey: generateOwnerKey() });

/** Onboarding with the person's own owner key (refused in words when it is not a private key). */
export const importKey = (services: HomeServices, input: { name: string; passphrase: string; privateKey: string }) =>
  onboard(services, { name: input.name, passphrase: input.passphrase, ownerKey: importOwnerKey(input.privateKey) });
