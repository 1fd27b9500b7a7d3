import {
  DEMO_ORGANIZATIONS,
  DEMO_PEOPLE,
  type DemoOrganizationId,
  type DemoPersonId,
} from '../../protocol/demo-identities';
import { HomeError } from '../../protocol/errors';
import {
  HomeDemoLoadRequest,
  HomeLockRequest,
  HomeStatusRequest,
  HomeUnlockRequest,
} from '../../protocol/messages/home';
import { DemoLoaded, HomeStatus, Locked } from '../../protocol/messages/home-replies';
import { loadDemoVault } from '../../vault/demo/load';
import type { DemoIdentityId } from '../../vault/demo/people';
import { smartAgentOf } from '../../wallet';
import { defineHandler } from '../handler';
import { homeStatus, ownerKeyRow, type HomeDeps } from './home-deps';
import { mintDemoUsdc } from './home-local-chain';

/** A demo identity's Smart Agent address (the counterfactual HybridDeleGator of its owner key and salt). */
async function demoAddressOf(id: DemoIdentityId) {
  if (id in DEMO_PEOPLE) {
    const person = DEMO_PEOPLE[id as DemoPersonId];
    return (await smartAgentOf(person.ownerAddress, person.salt)).address;
  }
  const organization = DEMO_ORGANIZATIONS[id as DemoOrganizationId];
  return (await smartAgentOf(DEMO_PEOPLE[organization.stewardId].ownerAddress, organization.salt)).address;
}

/** Status, unlock, lock and the demo profile. Lock is also open to the popup and side panel (extension pages). */
export function homeSessionHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.status',
      senders: ['extension-page'],
      request: HomeStatusRequest,
      reply: HomeStatus,
      handle: async () => homeStatus(await deps.home()),
    }),
    defineHandler({
      type: 'home.unlock',
      senders: ['extension-page'],
      request: HomeUnlockRequest,
      reply: HomeStatus,
      async handle({ passphrase }) {
        const services = await deps.home();
        const unlocked = await services.keyring.unlock(passphrase);
        if (!unlocked.ok) throw new HomeError(unlocked.code, unlocked.message);
        return homeStatus(services);
      },
    }),
    defineHandler({
      type: 'home.lock',
      senders: ['extension-page'],
      request: HomeLockRequest,
      reply: Locked,
      async handle() {
        const services = await deps.home();
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
      },
    }),
    defineHandler({
      type: 'home.demo.load',
      senders: ['extension-page'],
      request: HomeDemoLoadRequest,
      reply: DemoLoaded,
      async handle({ passphrase }) {
        const services = await deps.home();
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
      },
    }),
  ];
}
