import { digestOf, digestOfText } from '../../protocol/digest';
import type { Archetype, Capability, CapabilityArg, InstructionSkill, OntologyView } from '../ontology-view';

/**
 * A small ontology shaped exactly like the generated one (coord/ONTOLOGY-API.md), for the harness's own unit tests:
 * a stage's test should not break because a term was added to the Turtle. The seed scenarios run over the real
 * generated ontology (src/harness/ontology.ts) when it is present.
 */
const arg = (name: string, kind: CapabilityArg['kind'], required = true, description = name): CapabilityArg => ({ name, kind, required, description });

type CapInput = Partial<Capability> & Pick<Capability, 'id' | 'kind'>;
function cap(input: CapInput): Capability {
  const informational = input.informational ?? ['read', 'answer', 'skill', 'consult', 'meta'].includes(input.kind);
  return {
    label: input.id,
    description: input.id,
    executor: 'local',
    informational,
    risk: informational ? 'low' : 'medium',
    selfAuthorized: false,
    authority: 'addressee',
    effects: [],
    produces: [],
    consumes: [],
    args: [],
    utterances: [],
    terms: [],
    ...input,
  };
}

const capabilities: Capability[] = [
  cap({ id: 'person.contact.list', kind: 'read', label: 'List my contacts', terms: ['contacts', 'contact'], utterances: ['who are my contacts'] }),
  cap({
    id: 'person.contact.invite', kind: 'act', label: 'Add a contact', authority: 'addressee', risk: 'low',
    args: [arg('person', 'person')], terms: ['contact', 'contacts', 'add', 'invite'], produces: ['contact'],
    effects: ['notify.person'], utterances: ['add dave to my contacts'],
  }),
  cap({ id: 'organization.members.list', kind: 'read', args: [arg('organization', 'organization')], terms: ['members', 'member', "who's in"], utterances: ["who's in Missio Nexus"] }),
  cap({
    id: 'organization.membership.invite', kind: 'act', authority: 'organization', risk: 'medium',
    args: [arg('organization', 'organization'), arg('person', 'person')], terms: ['member', 'membership', 'join', 'add', 'invite'],
    produces: ['membership'], effects: ['notify.organization'], utterances: ['invite bob to thompson', 'get david added to Missio Nexus'],
  }),
  cap({ id: 'organization.affiliations.list', kind: 'read', terms: ['affiliations', 'organizations'], utterances: ['which organizations am I in'] }),
  cap({
    id: 'organization.treasury.transfer', kind: 'act', executor: 'chain', authority: 'organization', risk: 'critical',
    approverRole: 'treasurer', quorum: 2, freshSeconds: 300, onChain: { contract: 'usdc', method: 'transfer' },
    args: [arg('organization', 'organization'), arg('recipient', 'recipient'), arg('amount', 'amount')],
    terms: ['treasury', 'transfer'], utterances: ['transfer 500 USDC from the Missio Nexus treasury to nathan.treasury'],
  }),
  cap({ id: 'records.list', kind: 'read', args: [arg('type', 'text')], terms: ['records'], utterances: ['show my memory records'] }),
  cap({ id: 'receipts.list', kind: 'read', terms: ['receipts'], utterances: ['show my receipts'] }),
  cap({ id: 'balance.read', kind: 'read', executor: 'chain', terms: ['balance'], utterances: ["what's my balance"] }),
  cap({
    id: 'payment.usdc.send', kind: 'act', executor: 'chain', authority: 'payer', risk: 'medium', approverRole: 'co-signer',
    thresholdSetting: 'payments.highRiskThreshold', onChain: { contract: 'usdc', method: 'transfer' }, produces: ['payment'],
    args: [arg('recipient', 'recipient'), arg('amount', 'amount'), arg('memo', 'text', false)],
    terms: ['pay', 'send', 'usdc', 'payment'], effects: ['notify.payee'], utterances: ['send 2 USDC to nathan.treasury'],
  }),
  cap({ id: 'memory.remember', kind: 'act', selfAuthorized: true, risk: 'low', args: [arg('text', 'text')], terms: ['remember'], utterances: ['remember that I prefer mornings'] }),
  cap({ id: 'heartcoach.consult', kind: 'consult', executor: 'outside-agent', args: [arg('question', 'question')], terms: ['heart', 'blood pressure', 'week'], utterances: ['how is my week going'] }),
  cap({ id: 'harness.ask', kind: 'meta', terms: [] }),
  cap({ id: 'ask.clarify', kind: 'meta', args: [arg('options', 'choice')] }),
  cap({ id: 'ask.unsupported', kind: 'meta' }),
];

const skillSpecs: Array<[string, string, string[], string[], string[], string[]]> = [
  // id, purpose, covers, excludes, produces, consumes
  ['intake-screening-model-review', 'Review whether an intake screening model is fit to keep using', ['intake', 'screening', 'model review'], ['general risk registers'], ['model-review'], []],
  ['model-risk-check', 'Check a model against the organization risk register', ['model', 'risk', 'register'], ['letters'], ['risk-assessment'], []],
  ['grant-inquiry-letter', 'Draft a grant inquiry letter to a foundation', ['inquiry letter', 'foundation', 'grant'], ['tracker updates'], ['inquiry-letter'], []],
  ['funding-tracker-update', 'Put a funding item on the funding tracker', ['funding tracker', 'tracker'], ['writing letters'], ['tracker-entry'], ['inquiry-letter']],
  ['volunteer-roster', 'Plan the volunteer roster', ['volunteer', 'roster', 'shifts'], ['catering', 'food orders'], ['roster'], []],
  ['board-minutes', 'Write board meeting minutes', ['board', 'minutes'], [], ['minutes'], []],
  ['budget-variance', 'Explain a budget variance', ['budget', 'variance'], [], ['variance-note'], []],
  ['donor-thank-you', 'Write a donor thank-you note', ['donor', 'thank-you'], [], ['thank-you-note'], []],
];

const skills: InstructionSkill[] = skillSpecs.map(([id, purpose, covers, excludes, produces, consumes]) => {
  const body = `# ${id}\n\n${purpose}. Answer in plain words.\n`;
  return {
    id, label: id.replaceAll('-', ' '), purpose, covers, excludes, produces, consumes,
    answerTemplate: `Here is the ${id.replaceAll('-', ' ')}: {text}`,
    bodyPath: `ontology/skills/${id}.md`, bodyDigest: digestOfText(body), body, utterances: [],
  };
});
for (const skill of skills) {
  capabilities.push(cap({
    id: skill.id, kind: 'skill', executor: 'instruction-skill', label: skill.label, description: skill.purpose,
    args: [arg('question', 'question'), arg('input', 'text', false)], produces: skill.produces, consumes: skill.consumes, terms: [...skill.covers],
  }));
}

function archetype(id: string, appliesTo: Archetype['appliesTo'], capabilityIds: string[], skillIds: string[]): Archetype {
  const doctrine = `You are the ${appliesTo}'s agent. Propose; never assume authority.`;
  const definition = `# ${id}\n\n${doctrine}\n\n## How each act is done\n\nEvery act waits for a mandate.\n`;
  return { id, label: id, version: '1.0.0', definitionPath: `ontology/archetypes/${id}.md`, definitionDigest: digestOfText(definition), definition, appliesTo, capabilityIds, skillIds, doctrine };
}

const personCaps = ['person.contact.list', 'person.contact.invite', 'organization.members.list', 'organization.membership.invite',
  'organization.affiliations.list', 'records.list', 'receipts.list', 'balance.read', 'payment.usdc.send', 'memory.remember', 'heartcoach.consult'];
const orgCaps = ['organization.members.list', 'organization.membership.invite', 'organization.treasury.transfer', 'records.list', 'receipts.list', 'balance.read'];

export const fixtureOntology: OntologyView = {
  version: 'fixture-1',
  digest: digestOf({ fixture: 1 }),
  capabilities: Object.fromEntries(capabilities.map((c) => [c.id, c])),
  skills: Object.fromEntries(skills.map((s) => [s.id, s])),
  archetypes: {
    'person-agent': archetype('person-agent', 'person', personCaps, []),
    'organization-agent': archetype('organization-agent', 'organization', [...orgCaps, ...skills.map((s) => s.id)], skills.map((s) => s.id)),
  },
  domainClasses: {
    contact: { id: 'contact', label: 'contact', terms: ['contact', 'contacts'], cluster: 'people', typicalUses: ['add a contact'], recordType: 'contact' },
    membership: { id: 'membership', label: 'membership', terms: ['member', 'members', 'membership'], cluster: 'people', typicalUses: ['invite a member'], recordType: 'membership' },
    payment: { id: 'payment', label: 'payment', terms: ['pay', 'usdc', 'payment'], cluster: 'money', typicalUses: ['pay someone back'] },
    'inquiry-letter': { id: 'inquiry-letter', label: 'inquiry letter', terms: ['inquiry letter', 'letter'], cluster: 'funding', typicalUses: ['write to a foundation'] },
    'tracker-entry': { id: 'tracker-entry', label: 'funding tracker entry', terms: ['funding tracker', 'tracker'], cluster: 'funding', typicalUses: ['track a grant'] },
  },
  outcomeClasses: {
    contact: { id: 'contact', label: 'a contact added', terms: ['contacts'] },
    payment: { id: 'payment', label: 'a payment made', terms: ['usdc'] },
    'inquiry-letter': { id: 'inquiry-letter', label: 'an inquiry letter', terms: ['inquiry letter'] },
    'tracker-entry': { id: 'tracker-entry', label: 'a funding tracker entry', terms: ['funding tracker'] },
  },
  clusters: { people: ['contact', 'membership'], money: ['payment'], funding: ['inquiry-letter', 'tracker-entry'] },
};
