import { describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATIONS, DEMO_PEOPLE } from '../../protocol/demo-identities';
import { HOME_ENVIRONMENT } from '../deploy/environment';
import { initCodeOf, smartAgentOf } from './smart-agent';

describe('smartAgentOf', () => {
  it('gives each (owner, salt) one address, known before deployment, on the home deployment', async () => {
    const alice = DEMO_PEOPLE.alice;
    const own = await smartAgentOf(alice.ownerAddress, alice.salt);
    expect(await smartAgentOf(alice.ownerAddress, alice.salt)).toEqual(own);
    expect(own.factory).toBe(HOME_ENVIRONMENT.SimpleFactory);
    expect(initCodeOf(own).toLowerCase().startsWith(own.factory.toLowerCase())).toBe(true);
    // Alice stewards three organizations with her one key: four different accounts, one owner.
    const orgs = await Promise.all(
      (['missio-nexus', 'thompson-community', 'thompson-family'] as const).map((id) =>
        smartAgentOf(alice.ownerAddress, DEMO_ORGANIZATIONS[id].salt),
      ),
    );
    const addresses = new Set([own, ...orgs].map((a) => a.address));
    expect(addresses.size).toBe(4);
    for (const org of orgs) expect(org.owner).toBe(alice.ownerAddress);
    // Another owner with the same salt is another account.
    expect((await smartAgentOf(DEMO_PEOPLE.bob.ownerAddress, alice.salt)).address).not.toBe(own.address);
  });
});
