import { getAddress } from 'viem';
import type { Address, Affiliation, AgentInfo, DamagedRow, ListRead, Member, Party, VaultPort } from '../../harness';
import type { RecordOf } from '../../vault/records/record';
import type { CorruptRow } from '../../vault/rows';
import type { Vault } from '../../vault/vault';

/**
 * The people half of the VaultPort over the vault's repositories: agents and their stewards, playbook pins, the parties a
 * word names in the asker's tier, contacts, memberships, role holders and the default payer. The vault stores
 * addresses lower-cased; the harness compares checksummed ones, so every address leaves here through getAddress.
 */
export type PeoplePort = Pick<
  VaultPort,
  'agents' | 'playbooks' | 'parties' | 'contacts' | 'memberships' | 'roles' | 'payments'
>;

const checksum = (address: string): Address => getAddress(address);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the harness is told of a damaged row: where it is, never its (unreadable) contents. */
export const damagedOf = (corrupt: readonly CorruptRow[]): DamagedRow[] =>
  corrupt.map((c) => ({ table: c.table, id: c.id }));

const memberOf = (r: RecordOf<'membership'>): Member => ({
  member: checksum(r.data.member),
  label: r.data.memberLabel,
  aliases: [...r.data.memberAliases],
  roles: [...r.data.roles],
});

export function peoplePort(vault: Vault, options: { owner: () => Promise<Address | null> }): PeoplePort {
  const readMembers = async (organization: string): Promise<ListRead<Member>> => {
    const read = await vault.records.list('membership', organization);
    return { rows: read.rows.map(memberOf), damaged: damagedOf(read.corrupt) };
  };
  const membersOf = async (organization: string) => (await readMembers(organization)).rows;
  const stewardsOf = async (organization: string) =>
    (await membersOf(organization)).filter((m) => m.roles.includes('steward')).map((m) => m.member);

  const agents: PeoplePort['agents'] = {
    async get(address) {
      const row = await vault.agents.get(address);
      if (row === undefined || row.kind === 'harness') return null;
      const info: AgentInfo = {
        address: checksum(row.address),
        kind: row.kind,
        name: row.label,
        // A person's own agent is stewarded by the person; an organization's by the members holding `steward`.
        stewards: row.kind === 'person' ? [checksum(row.address)] : await stewardsOf(row.address),
      };
      return info;
    },
  };

  const contactParty = (r: RecordOf<'contact'>): Party => ({
    address: checksum(r.data.address),
    label: r.data.label,
    aliases: [...r.data.aliases],
    kind: 'person',
    via: 'contact',
  });
  const readContacts = async (owner: string): Promise<ListRead<Party>> => {
    const read = await vault.records.list('contact', owner);
    return { rows: read.rows.map(contactParty), damaged: damagedOf(read.corrupt) };
  };
  const readAffiliations = async (person: string): Promise<ListRead<Affiliation>> => {
    const read = await vault.records.membershipsOf(person);
    const rows: Affiliation[] = [];
    for (const r of read.rows) {
      const org = await vault.agents.get(r.owner);
      if (org === undefined || org.kind !== 'organization') continue;
      rows.push({ organization: checksum(r.owner), label: org.label, roles: [...r.data.roles] });
    }
    return { rows, damaged: damagedOf(read.corrupt) };
  };

  return {
    agents,
    playbooks: {
      async get(agent) {
        const row = await vault.playbooks.get(agent);
        if (row === undefined) return null;
        return {
          agent: checksum(row.agent),
          archetypeId: row.archetypeId,
          archetypeVersion: row.archetypeVersion,
          definitionDigest: row.definitionDigest,
          assignedBy: checksum(row.assignedBy),
          assignedAt: row.assignedAt,
        };
      },
    },
    parties: {
      async named(asker, word) {
        const [contacts, organizations, orgAgents] = await Promise.all([
          vault.records.named('contact', asker, word),
          vault.records.named('organization', asker, word),
          vault.agents.list('organization'),
        ]);
        const found: Party[] = [
          ...contacts.rows.map(contactParty),
          ...organizations.rows.map((r): Party => ({
            address: checksum(r.data.address),
            label: r.data.label,
            aliases: [...r.data.aliases],
            kind: 'organization',
            via: 'organization',
          })),
        ];
        // Members of the organizations the asker stewards are in the asker's tier too (dave, via Missio Nexus).
        for (const org of orgAgents.rows) {
          if (!(await stewardsOf(org.address)).some((s) => same(s, asker))) continue;
          const members = await vault.records.named('membership', org.address, word);
          found.push(
            ...members.rows.map(memberOf).map((m): Party => ({
              address: m.member,
              label: m.label,
              aliases: m.aliases,
              kind: 'person',
              via: 'member',
            })),
          );
        }
        return found;
      },
    },
    contacts: { list: async (owner) => (await readContacts(owner)).rows, read: readContacts },
    memberships: {
      ofOrganization: membersOf,
      ofPerson: async (person) => (await readAffiliations(person)).rows,
      readOfOrganization: readMembers,
      readOfPerson: readAffiliations,
    },
    roles: {
      holders: async (subject, role) =>
        (await membersOf(subject)).filter((m) => m.roles.includes(role)).map((m) => m.member),
    },
    payments: {
      async defaultPayer(person) {
        const payer = (await vault.records.list('payer.default', person, { limit: 1 })).rows[0];
        return payer === undefined ? null : checksum(payer.data.address);
      },
      async highRiskThreshold(person) {
        // The threshold is the vault owner's own setting (the options page); nobody else's payments have one here.
        const owner = await options.owner();
        if (owner === null || !same(owner, person)) return null;
        return vault.settings.get('payments.highRiskAboveUsdc');
      },
    },
  };
}
