import {
  DEMO_ORGANIZATIONS,
  DEMO_PEOPLE,
  type DemoOrganizationId,
  type DemoPersonId,
} from '../../protocol/demo-identities';
import type { MembershipRole } from '../records/people';
import type { RecordInput } from '../records/record';
import type { Address } from '../values';

/** Every demo identity whose Smart Agent address the wallet computes. */
export type DemoIdentityId = DemoPersonId | DemoOrganizationId;

/** Alice's contacts (DESIGN §10): david, bob, carol, nathan (also nathan.treasury) — not dave. */
export const ALICE_CONTACTS = ['david', 'bob', 'carol', 'nathan'] as const satisfies readonly DemoPersonId[];

/** Missio Nexus's members: dave and others, never david; carol and nathan are the treasurers (quorum 2). */
export const MISSIO_MEMBERS: ReadonlyArray<[DemoPersonId, MembershipRole[]]> = [
  ['alice', ['steward', 'member']],
  ['carol', ['treasurer', 'member']],
  ['nathan', ['treasurer', 'member']],
  ['dave', ['member']],
];

/** Details that tell the two "thompson" organizations apart (same name, different purpose). */
export const THOMPSON_DETAILS: Record<'thompson-community' | 'thompson-family', string> = {
  'thompson-community': 'Thompson Community Fund — a neighbourhood mutual-aid fund on Thompson Street',
  'thompson-family': "Thompson Family Trust — the Okoro-Thompson family's shared trust",
};

const membership = (
  principal: Address,
  member: DemoPersonId,
  roles: MembershipRole[],
  address: Address,
): RecordInput => ({
  id: `membership/${principal}/${address}`,
  type: 'membership',
  owner: principal,
  data: {
    principal,
    member: address,
    memberLabel: DEMO_PEOPLE[member].name,
    memberAliases: DEMO_PEOPLE[member].aliases,
    roles,
  },
});

/**
 * The social half of Alice's demo vault: contacts, the organizations she knows (Missio Nexus and both thompsons),
 * their memberships (each owned by its organization), Bob as her co-signer for high-risk payments, and her own
 * Smart Agent marked as the default payer.
 */
export function demoPeopleRecords(address: Record<DemoIdentityId, Address>): RecordInput[] {
  const alice = address.alice;
  const contacts: RecordInput[] = ALICE_CONTACTS.map((id) => ({
    id: `contact/${alice}/${id}`,
    type: 'contact',
    owner: alice,
    data: { label: DEMO_PEOPLE[id].name, aliases: DEMO_PEOPLE[id].aliases, address: address[id] },
  }));
  const organizations: RecordInput[] = (['missio-nexus', 'thompson-community', 'thompson-family'] as const).map(
    (id) => ({
      id: `organization/${alice}/${id}`,
      type: 'organization',
      owner: alice,
      data: {
        label: DEMO_ORGANIZATIONS[id].name,
        aliases: DEMO_ORGANIZATIONS[id].aliases,
        address: address[id],
        detail: id === 'missio-nexus' ? 'Missio Nexus — a mission network Alice stewards' : THOMPSON_DETAILS[id],
      },
    }),
  );
  const missio = address['missio-nexus'];
  return [
    ...contacts,
    ...organizations,
    ...MISSIO_MEMBERS.map(([id, roles]) => membership(missio, id, roles, address[id])),
    membership(address['thompson-community'], 'alice', ['steward', 'member'], alice),
    membership(address['thompson-family'], 'alice', ['steward', 'member'], alice),
    membership(address['thompson-family'], 'caregiver', ['member'], address.caregiver),
    membership(alice, 'bob', ['co-signer'], address.bob),
    {
      id: `payer.default/${alice}`,
      type: 'payer.default',
      owner: alice,
      data: { address: alice, label: 'Alice Okoro (Smart Agent)', token: 'USDC' },
    },
  ];
}
