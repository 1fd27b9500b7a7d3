import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, type DemoPersonId } from '../../protocol/demo-identities';
import type { Archetype, OntologyView } from '../kernel/ontology-view';
import type { Address } from '../kernel/ports';
import type { MemoryVault } from './memory-vault';
import type { Who } from './world';

/**
 * Alice's demo vault as DESIGN §10 describes it, with the same people as the Dexie vault's demo (src/vault/demo/people.ts):
 * contacts david, bob, carol and nathan.treasury (not dave); Missio Nexus's members Alice (steward), Carol, Nathan and
 * dave — dave known only as such, never david; two organizations both called
 * "thompson"; her Smart Agent the marked default payer; Bob her co-signer for payments above her threshold (set
 * to 100 USDC here); Nathan and Carol Missio Nexus's treasurers. Missio Nexus carries the organization playbook, Alice the person archetype.
 */
export function archetypeFor(ontology: OntologyView, appliesTo: Archetype['appliesTo']): Archetype {
  const found = Object.values(ontology.archetypes).find((a) => a.appliesTo === appliesTo);
  if (found === undefined) throw new Error(`the ontology has no ${appliesTo} archetype`);
  return found;
}

export function seedDemoVault(vault: MemoryVault, ontology: OntologyView, who: Who): void {
  const person = archetypeFor(ontology, 'person');
  const organization = archetypeFor(ontology, 'organization');
  const assign = (agent: Address, a: Archetype) =>
    vault.assign({
      agent,
      archetypeId: a.id,
      archetypeVersion: a.version,
      definitionDigest: a.definitionDigest,
      assignedBy: who.alice,
      assignedAt: 0,
    });

  const membership = (principal: Address, id: DemoPersonId, member: Address, roles: string[]) =>
    vault.addRecord({
      id: `membership:${principal.toLowerCase()}:${member.toLowerCase()}`,
      type: 'membership',
      owner: principal,
      data: { principal, member, memberLabel: DEMO_PEOPLE[id].name, memberAliases: DEMO_PEOPLE[id].aliases, roles },
    });

  vault.addAgent({ address: who.alice, kind: 'person', name: DEMO_PEOPLE.alice.name, stewards: [who.alice] });
  assign(who.alice, person);
  const orgs = [
    ['missio-nexus', who.missio, 'Missio Nexus'],
    ['thompson-community', who.thompsonCommunity, 'Thompson Community Fund'],
    ['thompson-family', who.thompsonFamily, 'Thompson Family Trust'],
  ] as const;
  for (const [id, address, name] of orgs) {
    const o = DEMO_ORGANIZATIONS[id];
    vault.addAgent({ address, kind: 'organization', name, stewards: [who.alice] });
    assign(address, organization);
    vault.addRecord({
      id: `organization:${who.alice.toLowerCase()}:${address.toLowerCase()}`,
      type: 'organization',
      owner: who.alice,
      data: { label: o.name, aliases: o.aliases, address, detail: name },
    });
    membership(address, 'alice', who.alice, ['steward', 'member']);
  }

  const contact = (id: DemoPersonId, address: Address) =>
    vault.addRecord({
      id: `contact:${who.alice.toLowerCase()}:${address.toLowerCase()}`,
      type: 'contact',
      owner: who.alice,
      data: { label: DEMO_PEOPLE[id].name, aliases: DEMO_PEOPLE[id].aliases, address },
    });
  contact('david', who.david);
  contact('bob', who.bob);
  contact('carol', who.carol);
  contact('nathan', who.nathan);

  membership(who.missio, 'dave', who.dave, ['member']);
  membership(who.missio, 'nathan', who.nathan, ['member', 'treasurer']);
  membership(who.missio, 'carol', who.carol, ['member', 'treasurer']);
  // Bob co-signs Alice's payments above her threshold: a membership of Alice's own principal, role co-signer.
  membership(who.alice, 'bob', who.bob, ['co-signer']);

  vault.addRecord({
    id: `payer.default:${who.alice.toLowerCase()}`,
    type: 'payer.default',
    owner: who.alice,
    data: { address: who.alice, label: 'My Smart Agent', token: 'USDC' },
  });
  vault.thresholds.set(who.alice.toLowerCase(), '100');
}
