import {
  DEMO_ORGANIZATIONS,
  DEMO_PEOPLE,
  type DemoOrganizationId,
  type DemoPersonId,
} from '../../protocol/demo-identities';
import { smartAgentOf } from '../../wallet';
import type { DemoIdentityId } from '../demo/people';
import type { Address } from '../values';

/**
 * The demo identities' real Smart Agent addresses, from src/wallet (counterfactual HybridDeleGators on the
 * deterministic deployment): what the composition root passes to loadDemoVault, here for tests.
 */
export async function walletAddressOf(id: DemoIdentityId): Promise<Address> {
  if (id in DEMO_PEOPLE) {
    const person = DEMO_PEOPLE[id as DemoPersonId];
    return (await smartAgentOf(person.ownerAddress, person.salt)).address;
  }
  const organization = DEMO_ORGANIZATIONS[id as DemoOrganizationId];
  return (await smartAgentOf(DEMO_PEOPLE[organization.stewardId].ownerAddress, organization.salt)).address;
}

/** All of them at once, so a test can name an address synchronously. */
export async function walletAddresses(): Promise<Record<DemoIdentityId, Address>> {
  const ids = [...Object.keys(DEMO_PEOPLE), ...Object.keys(DEMO_ORGANIZATIONS)] as DemoIdentityId[];
  const entries = await Promise.all(
    ids.map(async (id) => [id, (await walletAddressOf(id)).toLowerCase() as Address] as const),
  );
  return Object.fromEntries(entries) as Record<DemoIdentityId, Address>;
}
