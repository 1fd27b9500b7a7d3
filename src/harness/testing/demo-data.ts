import { DEMO_ORGANIZATIONS, DEMO_PEOPLE, type DemoPersonId } from '../../protocol/demo-identities';
import type { Archetype, OntologyView } from '../ontology-view';
import type { Address } from '../ports';
import type { MemoryVault } from './memory-vault';
import type { Who } from './world';

/**
 * Alice's demo vault as DESIGN §10 describes it: contacts david, bob, carol and nathan.treasury (not dave); dave
 * known only as a member of Missio Nexus, whose members do not include david; two organizations both called
 * "thompson"; her Smart Agent the marked default payer; Bob her co-signer for payments above 100 USDC; Nathan and
 * Carol Missio Nexus's treasurers. Missio Nexus carries the organization playbook, Alice the person archetype.
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
    vault.assign({ agent, archetypeId: a.id, archetypeVersion: a.version, definitionDigest: a.definitionDigest, assignedBy: who.alice, assignedAt: 0 });

  vault.addAgent({ address: who.alice, kind: 'person', name: DEMO_PEOPLE.alice.name, stewards: [who.alice] });
  assign(who.alice, person);
  const orgs = [
    ['missio-nexus', who.missio],
    ['thompson-community', who.thompsonCommunity],
    ['thompson-family', who.thompsonFamily],
  ] as const;
  for (const [id, address] of orgs) {
    const o = DEMO_ORGANIZATIONS[id];
    vault.addAgent({ address, kind: 'organization', name: id === 'missio-nexus' ? o.name : o.aliases[1]!.replace(/\b\w/g, (c) => c.toUpperCase()), stewards: [who.alice] });
    assign(address, organization);
    vault.addRecord({ id: `organization:${who.alice}:${address}`, type: 'organization', owner: who.alice, data: { address, label: o.name, aliases: o.aliases, role: 'steward' } });
    vault.addRecord({ id: `membership:${address}:${who.alice}`, type: 'membership', owner: address, data: { member: who.alice, label: DEMO_PEOPLE.alice.name, aliases: ['alice'], role: 'steward', status: 'active' } });
  }

  const contact = (id: DemoPersonId, address: Address) =>
    vault.addRecord({ id: `contact:${who.alice}:${address}`, type: 'contact', owner: who.alice, data: { address, label: DEMO_PEOPLE[id].name, aliases: DEMO_PEOPLE[id].aliases, status: 'active' } });
  contact('david', who.david);
  contact('bob', who.bob);
  contact('carol', who.carol);
  contact('nathan', who.nathan);

  const member = (id: DemoPersonId, address: Address, role: string) =>
    vault.addRecord({ id: `membership:${who.missio}:${address}`, type: 'membership', owner: who.missio, data: { member: address, label: DEMO_PEOPLE[id].name, aliases: DEMO_PEOPLE[id].aliases, role, status: 'active' } });
  member('bob', who.bob, 'member');
  member('dave', who.dave, 'member');
  member('nathan', who.nathan, 'treasurer');
  member('carol', who.carol, 'treasurer');

  vault.payers.set(who.alice.toLowerCase(), who.alice);
  vault.thresholds.set(who.alice.toLowerCase(), '100');
  vault.addRecord({ id: `role:${who.alice}:co-signer:${who.bob}`, type: 'role', owner: who.alice, data: { role: 'co-signer', holder: who.bob } });
}
