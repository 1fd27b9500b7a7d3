import { ARCHETYPES } from '../../ontology/archetypes.generated';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, DEMO_SERVICES } from '../../protocol/demo-identities';
import { HomeError } from '../../protocol/errors';
import type { KdfChoice } from '../keys/kdf';
import { createKeyring } from '../keys/keyring';
import { memorySessionKeyStore } from '../keys/session-keys';
import type { PlaybookPin } from '../repositories/playbooks';
import type { Address } from '../values';
import { normalizeAddress } from '../values';
import type { Vault } from '../vault';
import { demoCabinetRecords } from './cabinet';
import { demoPeopleRecords, type DemoIdentityId } from './people';

export type LoadDemoVaultOptions = {
  /** The Smart Agent address of a demo identity: src/wallet computes it (counterfactual HybridDeleGator). */
  addressOf: (id: DemoIdentityId) => Address | Promise<Address>;
  /** The cabinet's "now" (readings are the seven days up to it); the vault's clock by default. */
  now?: number;
  /** Archetype pins; by default the ontology's person-agent (Alice) and organization-agent (Missio Nexus). */
  playbooks?: { person: PlaybookPin; organization: PlaybookPin };
  /** Also seal Alice's owner key and the harness agent's key under this passphrase (skipped if keys exist). */
  keys?: { passphrase: string; kdf?: KdfChoice };
};

export type DemoVaultSummary = {
  alice: Address;
  missioNexus: Address;
  agents: number;
  playbooks: number;
  records: number;
  keysSealed: boolean;
};

const IDENTITIES = [...Object.keys(DEMO_PEOPLE), ...Object.keys(DEMO_ORGANIZATIONS)] as DemoIdentityId[];

function pinOf(id: string): PlaybookPin {
  const archetype = ARCHETYPES[id];
  if (archetype === undefined)
    throw new HomeError('DEMO_ARCHETYPE_MISSING', `The ontology has no "${id}" archetype to pin in the demo vault.`);
  return {
    archetypeId: archetype.id,
    archetypeVersion: archetype.version,
    definitionDigest: archetype.definitionDigest,
  };
}

/**
 * Loads Alice's demo vault exactly as DESIGN §10 describes — only when called (never on open; `npm start` asks).
 * Writing is idempotent by id, in one transaction; keys are sealed before it (crypto cannot run inside an IndexedDB
 * transaction). Works in the extension and in Node (fake-indexeddb).
 */
export async function loadDemoVault(vault: Vault, options: LoadDemoVaultOptions): Promise<DemoVaultSummary> {
  const resolved = await Promise.all(
    IDENTITIES.map(async (id) => [id, normalizeAddress(await options.addressOf(id))] as const),
  );
  const address = Object.fromEntries(resolved) as Record<DemoIdentityId, Address>;
  const now = options.now ?? vault.clock.now();
  const playbooks = options.playbooks ?? { person: pinOf('person-agent'), organization: pinOf('organization-agent') };
  const alice = DEMO_PEOPLE.alice;
  const harness = DEMO_SERVICES['harness-agent'];

  let keysSealed = false;
  if (options.keys !== undefined && (await vault.keys.list()).rows.length === 0) {
    const keyring = createKeyring({
      keys: vault.keys,
      session: memorySessionKeyStore(),
      clock: vault.clock,
      ...(options.keys.kdf === undefined ? {} : { kdf: options.keys.kdf }),
    });
    await keyring.create(options.keys.passphrase, [
      { id: 'owner', purpose: 'owner', privateKey: alice.privateKey },
      { id: 'harness', purpose: 'harness', privateKey: harness.privateKey },
    ]);
    keysSealed = true;
  }

  const agents = [
    {
      address: address.alice,
      kind: 'person' as const,
      label: alice.name,
      aliases: alice.aliases,
      ownerAddress: alice.ownerAddress,
      salt: alice.salt,
    },
    ...(['missio-nexus', 'thompson-community', 'thompson-family'] as const).map((id) => {
      const org = DEMO_ORGANIZATIONS[id];
      return {
        address: address[id],
        kind: 'organization' as const,
        label: org.name,
        aliases: org.aliases,
        ownerAddress: DEMO_PEOPLE[org.stewardId].ownerAddress,
        salt: org.salt,
      };
    }),
    {
      address: harness.address,
      kind: 'harness' as const,
      label: harness.name,
      aliases: [],
      ownerAddress: harness.address,
    },
  ];
  const records = [...demoPeopleRecords(address), ...demoCabinetRecords(address.alice, now, alice.name)];
  const { db } = vault;
  await db.transaction('rw', [db.agents, db.playbooks, db.records], async () => {
    for (const agent of agents) await vault.agents.put(agent);
    await vault.playbooks.assign({ agent: address.alice, assignedBy: address.alice, ...playbooks.person });
    await vault.playbooks.assign({
      agent: address['missio-nexus'],
      assignedBy: address.alice,
      ...playbooks.organization,
    });
    await vault.records.putMany(records);
  });
  return {
    alice: address.alice,
    missioNexus: address['missio-nexus'],
    agents: agents.length,
    playbooks: 2,
    records: records.length,
    keysSealed,
  };
}
