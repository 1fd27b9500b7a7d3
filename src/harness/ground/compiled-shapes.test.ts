import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import { buildTools } from '../tools/tools';
import type { PlaybookScope } from '../playbook/playbook';
import { matchCompiledShape } from './compiled-shapes';

const scopeOf = (id: string): PlaybookScope => {
  const a = GENERATED_ONTOLOGY.archetypes[id]!;
  return {
    archetypeId: a.id,
    archetypeVersion: a.version,
    digest: a.definitionDigest,
    capabilityIds: a.capabilityIds,
    skillIds: a.skillIds,
    instructions: '',
    specialists: [],
    declaredEffects: [],
  };
};
const person = buildTools(GENERATED_ONTOLOGY, scopeOf('person-agent'));
const org = buildTools(GENERATED_ONTOLOGY, scopeOf('organization-agent'));
const match = (words: string, tools = person, ownAgent = true) => matchCompiledShape({ words, tools, ownAgent });

describe('compiled shapes (seed 001 step 3.3): the grounding, no model', () => {
  it.each([
    ["Who's in Missio Nexus right now?", 'organization.members.list', { organization: 'Missio Nexus' }],
    [
      'Can you get david added to Missio Nexus?',
      'organization.membership.invite',
      { person: 'david', organization: 'Missio Nexus' },
    ],
    ['Add dave to my contacts.', 'person.contact.invite', { person: 'dave' }],
    [
      'Send 2 USDC to nathan.treasury toward the retreat deposit.',
      'payment.usdc.send',
      { amount: '2', recipient: 'nathan.treasury', memo: 'the retreat deposit' },
    ],
    [
      'Pay nathan.treasury back for the hymnals.',
      'payment.usdc.send',
      { recipient: 'nathan.treasury', memo: 'the hymnals' },
    ],
    ['invite carol to thompson', 'organization.membership.invite', { person: 'carol', organization: 'thompson' }],
    ['who are my contacts', 'person.contact.list', {}],
    ['Show me my memory records', 'records.list', { type: 'memory' }],
    ["What's my balance?", 'balance.read', {}],
    ['Remember that I prefer morning calls.', 'memory.remember', { note: 'I prefer morning calls' }],
  ])('%s → %s', (words, toolId, args) => {
    expect(match(words)?.plan.steps).toEqual([{ toolId, args }]);
  });

  it('fans out over several names', () => {
    expect(match('Invite bob and carol to Missio Nexus')?.plan.steps[0]).toEqual({
      toolId: 'organization.membership.invite',
      args: { organization: 'Missio Nexus', person: { $item: true } },
      forEach: ['bob', 'carol'],
    });
  });

  it('offers a shape only when the playbook offers its capability, and routines only at the person’s own agent', () => {
    expect(match('Send 2 USDC to nathan.treasury', org)).toBe(null);
    expect(
      match('Transfer 500 USDC from the Missio Nexus treasury to nathan.treasury', org)?.plan.steps[0]?.toolId,
    ).toBe('organization.treasury.transfer');
    expect(
      match('Transfer 500 USDC from the Missio Nexus treasury to nathan.treasury')?.plan.steps[0]?.toolId,
    ).not.toBe('organization.treasury.transfer');
    expect(match('Remember that I like tea', person, false)).toBe(null);
  });

  it('matches nothing it was not built for', () => {
    for (const words of [
      "Should we order pizza or sandwiches for Saturday's volunteer training?",
      'Is our intake screening model okay to keep using?',
      'Summarize this page',
    ]) {
      expect(match(words, org)).toBe(null);
      expect(match(words)).toBe(null);
    }
  });
});
