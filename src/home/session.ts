import {
  DEMO_ORGANIZATIONS,
  DEMO_PEOPLE,
  type DemoOrganizationId,
  type DemoPersonId,
} from '../protocol/demo-identities';
import { HomeError } from '../protocol/errors';
import { loadDemoVault } from '../vault/demo/load';
import type { DemoIdentityId } from '../vault/demo/people';
import { smartAgentOf } from '../wallet';
import { mintDemoUsdc } from './local-chain';
import type { HomeServices } from './services';
import { homeStatus, ownerKeyRow } from './status';

/** A demo identity's Smart Agent address (the counterfactual HybridDeleGator of its owner key and salt). */
async function demoAddressOf(id: DemoIdentityId) {
  if (id in DEMO_PEOPLE) {
    const person = DEMO_PEOPLE[id as DemoPersonId];
    return (await smartAgentOf(person.ownerAddress, person.salt)).address;
  }
  const organization = DEMO_ORGANIZATIONS[id as DemoOrganizationId];
  return (await smartAgentOf(DEMO_PEOPLE[organization.stewardId].ownerAddress, organization.salt)).address;
}

/** Opens the keyring with the person's passphrase; a wrong one is a refusal in words. */
export async function unlockHome(services: HomeServices, passphrase: string) {
  const unlocked = await services.keyring.unlock(passphrase);
  if (!unlocked.ok) throw new HomeError(unlocked.code, unlocked.message);
  return homeStatus(services);
}

/** Locks the keyring; its hooks reject every pending request, and a request left waiting is an error in words. */
export async function lockHome(services: HomeServices) {
  const before = await services.pendingCount();
  // The keyring's lock hooks reject every pending request: consent does not survive lock (Rabby's invariant).
  const { hookErrors } = await services.keyring.lock('person');
  const after = await services.pendingCount();
  if (hookErrors.length > 0 || after > 0) {
    throw new HomeError(
      'LOCK_INCOMPLETE',
      'The key is locked, but some waiting requests could not be cleared. Close the browser to be sure.',
    );
  }
  return { locked: true as const, cleared: before };
}

/** Loads the demo profile into an empty Home (or again over the demo's own), unlocks it and funds the local chain. */
export async function loadDemoHome(services: HomeServices, passphrase: string) {
  const { vault, keyring } = services;
  const owner = await ownerKeyRow(vault);
  if (owner !== undefined && owner.address !== DEMO_PEOPLE.alice.ownerAddress.toLowerCase()) {
    throw new HomeError(
      'KEYS_EXIST',
      'This Home already holds your own key; the demo profile loads only into an empty Home (use a fresh browser profile).',
    );
  }
  const keys = services.kdf === undefined ? { passphrase } : { passphrase, kdf: services.kdf };
  const summary = await loadDemoVault(vault, { addressOf: demoAddressOf, keys });
  const unlocked = await keyring.unlock(passphrase);
  if (!unlocked.ok) throw new HomeError(unlocked.code, unlocked.message);
  const harnessKey = await keyring.privateKeyOf('harness');
  if (harnessKey !== undefined) await mintDemoUsdc(await services.chain(), harnessKey, summary.alice);
  return {
    status: await homeStatus(services),
    agents: summary.agents,
    records: summary.records,
    playbooks: summary.playbooks,
  };
}
