import { keccak256, stringToBytes, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

/**
 * Demo and test identities (DESIGN §10), shared by the extension, the gateway and the tests.
 *
 * THESE KEYS ARE PUBLIC. Each is keccak256("home-agent/demo/<id>"), so anyone can recompute them: they exist so a
 * demo and a test suite agree on who is who. Never hold anything of value under them. A real person's key is
 * generated in their own extension (src/wallet) and never leaves it.
 *
 * A person's identity is their Smart Agent (a HybridDeleGator owned by their key, DESIGN §2); its address is
 * computed by src/wallet from (owner, salt) on the deterministic deployment. Organizations have Smart Agents too:
 * Missio Nexus and the two "thompson" organizations are owned by Alice's key (she stewards them) with their own
 * salts — which is exactly why every signature binds the account address (a HybridDeleGator signature verifies for
 * any account with the same owner).
 */
export type DemoPersonId =
  'alice' | 'bob' | 'david' | 'dave' | 'priya' | 'nathan' | 'carol' | 'dietitian' | 'nurse' | 'caregiver' | 'stranger';

export type DemoOrganizationId = 'missio-nexus' | 'thompson-community' | 'thompson-family' | 'atria-heart';

export type DemoServiceId = 'heartcoach' | 'harness-agent' | 'payment-specialist';

export type DemoPerson = {
  id: DemoPersonId;
  name: string;
  /** Names the person is known by in others' vaults (exact, case-insensitive; DESIGN §10). */
  aliases: string[];
  privateKey: Hex;
  /** The owner key's EOA address (not the identity: the Smart Agent is). */
  ownerAddress: Hex;
  /** Salt of the person's own Smart Agent. */
  salt: Hex;
  /** Care-team roles at Atria Heart, seed 000 (empty when not on a care team). */
  careRoles: string[];
};

export type DemoOrganization = {
  id: DemoOrganizationId;
  name: string;
  aliases: string[];
  /** Whose key owns the organization's Smart Agent (its steward). */
  stewardId: DemoPersonId;
  salt: Hex;
};

export type DemoService = { id: DemoServiceId; name: string; privateKey: Hex; address: Hex };

export const demoKey = (id: string): Hex => keccak256(stringToBytes(`home-agent/demo/${id}`));
export const demoSalt = (id: string): Hex => keccak256(stringToBytes(`home-agent/salt/${id}`));

function person(id: DemoPersonId, name: string, aliases: string[], careRoles: string[] = []): DemoPerson {
  const privateKey = demoKey(id);
  return {
    id,
    name,
    aliases,
    privateKey,
    ownerAddress: privateKeyToAddress(privateKey),
    salt: demoSalt(id),
    careRoles,
  };
}

function service(id: DemoServiceId, name: string): DemoService {
  const privateKey = demoKey(id);
  return { id, name, privateKey, address: privateKeyToAddress(privateKey) };
}

export const DEMO_PEOPLE: Record<DemoPersonId, DemoPerson> = {
  alice: person('alice', 'Alice Okoro', ['alice']),
  bob: person('bob', 'Bob Mensah', ['bob']),
  // Alice's contact "david" (David Adeyemi) is not Dr. Dave Silva (seed 001 §5.2–§5.3).
  david: person('david', 'David Adeyemi', ['david']),
  // Dave is known to Alice's vault only as a member of Missio Nexus; "david" is Alice's contact (a different person).
  dave: person('dave', 'Dr. Dave Silva, MD', ['dave', 'dave silva'], ['cardiologist']),
  priya: person('priya', 'Dr. Priya Nair', ['priya'], ['primary-care-physician']),
  nathan: person('nathan', 'Nathan Reyes', ['nathan', 'nathan.treasury'], ['pharmacist']),
  carol: person('carol', 'Carol Whitfield', ['carol'], ['care-coordinator', 'clinical-manager']),
  dietitian: person('dietitian', 'Dana Ortiz, RD', ['dana'], ['dietitian']),
  nurse: person('nurse', 'Nora Lind, RN', ['nora'], ['nurse']),
  caregiver: person('caregiver', 'Grace Okoro', ['grace'], ['caregiver']),
  stranger: person('stranger', 'Sam Stranger', ['sam']),
};

export const DEMO_ORGANIZATIONS: Record<DemoOrganizationId, DemoOrganization> = {
  'missio-nexus': {
    id: 'missio-nexus',
    name: 'Missio Nexus',
    aliases: ['missio nexus', 'missio'],
    stewardId: 'alice',
    salt: demoSalt('missio-nexus'),
  },
  'thompson-community': {
    id: 'thompson-community',
    name: 'thompson',
    aliases: ['thompson', 'thompson community fund'],
    stewardId: 'alice',
    salt: demoSalt('thompson-community'),
  },
  'thompson-family': {
    id: 'thompson-family',
    name: 'thompson',
    aliases: ['thompson', 'thompson family trust'],
    stewardId: 'alice',
    salt: demoSalt('thompson-family'),
  },
  // The practice's Smart Agent is stewarded by Carol (clinical manager); it signs each member's practice grant.
  'atria-heart': {
    id: 'atria-heart',
    name: 'Atria Heart',
    aliases: ['atria heart', 'atria'],
    stewardId: 'carol',
    salt: demoSalt('atria-heart'),
  },
};

export const DEMO_SERVICES: Record<DemoServiceId, DemoService> = {
  // HeartCoach's service key: its EOA is the delegate of ask-as-me wires and cabinet grants (DESIGN §2).
  heartcoach: service('heartcoach', 'HeartCoach'),
  // The demo vault's harness agent: the delegate of every mandate (DESIGN §2); a real vault generates its own.
  'harness-agent': service('harness-agent', 'Home Agent harness'),
  // The payment specialist a hand-off goes to: the delegate of a child mandate the harness agent derives (DESIGN §3).
  'payment-specialist': service('payment-specialist', 'Payment specialist'),
};

/** The demo gateway's session-signing key (ES256 is P-256, not secp256k1): a fixed JWK seed for reproducible demos. */
export const DEMO_GATEWAY_ISSUER = 'http://127.0.0.1:8787';
