import { DEMO_PEOPLE } from '../protocol/demo-identities';
import { HomeError } from '../protocol/errors';
import type { HomeStatus } from '../protocol/messages/home-replies';
import type { AgentRow } from '../vault/repositories/agents';
import type { Vault } from '../vault/vault';
import type { HomeServices } from './services';

/** The record id that says the person confirmed their key backup (a preference of the person's agent). */
export const BACKUP_CONFIRMED_ID = 'home.backup.confirmed';

/** The owner key's row (its EOA address), or undefined before onboarding. */
export async function ownerKeyRow(vault: Vault) {
  const read = await vault.keys.list();
  if (read.corrupt.length > 0) throw new HomeError('VAULT_ROW_CORRUPT', read.corrupt[0]!.message);
  return read.rows.find((row) => row.purpose === 'owner');
}

/** The person's own agent: the person-kind agent owned by the owner key. */
export async function personAgent(vault: Vault, owner: string | undefined): Promise<AgentRow | undefined> {
  if (owner === undefined) return undefined;
  const read = await vault.agents.list('person');
  return read.rows.find((agent) => agent.ownerAddress === owner.toLowerCase());
}

/** The person's agent, or a refusal in words when onboarding has not made one. */
export async function requirePerson(vault: Vault): Promise<AgentRow> {
  const owner = await ownerKeyRow(vault);
  const person = await personAgent(vault, owner?.address);
  if (person === undefined)
    throw new HomeError(
      'NO_PERSON',
      'This Home has no key yet: create one, import one, or load the demo profile first.',
    );
  return person;
}

/** Where the Home stands, read fresh from the vault and the session (never cached: a lock may have happened). */
export async function homeStatus(services: HomeServices): Promise<HomeStatus> {
  const { vault, keyring } = services;
  const owner = await ownerKeyRow(vault);
  const person = await personAgent(vault, owner?.address);
  const demo = owner !== undefined && owner.address === DEMO_PEOPLE.alice.ownerAddress.toLowerCase();
  const confirmed = demo || (await vault.records.get(BACKUP_CONFIRMED_ID)) !== undefined;
  const stage = owner === undefined || person === undefined ? 'empty' : confirmed ? 'ready' : 'backup';
  return {
    stage,
    unlocked: (await keyring.session()) !== undefined,
    person: person === undefined ? null : { address: person.address, label: person.label },
    owner: owner === undefined ? null : owner.address,
    demo,
    autoLockMinutes: await vault.settings.get('lock.autoLockMinutes'),
  };
}
