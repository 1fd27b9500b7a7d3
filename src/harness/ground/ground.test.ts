import { describe, expect, it } from 'vitest';
import { groundAsk, groundedPlan } from './ground';
import { DEMO_PARTIES, toolsOf } from './testing-parties';

const person = toolsOf('person-agent');
const ground = (words: string) => groundAsk({ words, parties: DEMO_PARTIES, tools: person });
const steps = (words: string) => groundedPlan(ground(words))?.steps ?? null;

describe('grounding: the vault found in the sentence', () => {
  it.each([
    [
      'can you add david to missio nexus please',
      [{ toolId: 'organization.membership.invite', args: { person: 'david', organization: 'missio nexus' } }],
    ],
    [
      'send 5 usdc to bob and 3 usdc to carol',
      [
        { toolId: 'payment.usdc.send', args: { amount: '5', recipient: 'bob' } },
        { toolId: 'payment.usdc.send', args: { amount: '3', recipient: 'carol' } },
      ],
    ],
    ['give carol 12 usdc', [{ toolId: 'payment.usdc.send', args: { amount: '12', recipient: 'carol' } }]],
    ['add Dr. Dave Silva to my contacts', [{ toolId: 'person.contact.invite', args: { person: 'Dave Silva' } }]],
    ['list the people in my address book', [{ toolId: 'person.contact.list', args: {} }]],
    ['who is nathan?', [{ toolId: 'person.contact.list', args: { query: 'nathan' } }]],
    ['Is bob in my contacts?', [{ toolId: 'person.contact.list', args: { query: 'bob' } }]],
    [
      'who do I know at missio nexus',
      [{ toolId: 'organization.members.list', args: { organization: 'missio nexus' } }],
    ],
    ["show me what I've paid so far", [{ toolId: 'receipts.list', args: {} }]],
    ['what did I ask you to remember?', [{ toolId: 'records.list', args: { type: 'memory' } }]],
    [
      'pay bob 5 and carol 3',
      [
        { toolId: 'payment.usdc.send', args: { amount: '5', recipient: 'bob' } },
        { toolId: 'payment.usdc.send', args: { amount: '3', recipient: 'carol' } },
      ],
    ],
    [
      'add dave and invite him to missio',
      [
        { toolId: 'person.contact.invite', args: { person: 'dave' } },
        { toolId: 'organization.membership.invite', args: { person: 'dave', organization: 'missio' } },
      ],
    ],
    [
      "Please invite bob and carol to Missio Nexus's team",
      [
        {
          toolId: 'organization.membership.invite',
          args: { organization: 'Missio Nexus', person: { $item: true } },
          forEach: ['bob', 'carol'],
        },
      ],
    ],
    ['pls add bob to my contcts', [{ toolId: 'person.contact.invite', args: { person: 'bob' } }]],
    ['whats my balence', [{ toolId: 'balance.read', args: {} }]],
  ])('%s', (words, expected) => {
    expect(steps(words)).toEqual(expected);
  });

  it("a payee carried over to a second intent is that intent's own, with or without the vault's names", () => {
    for (const parties of [DEMO_PARTIES, []])
      for (const words of [
        'pay bob 5 and carol 3',
        'give bob 5 usdc and carol 3 usdc',
        'pay bob 5 usdc, then carol 3 usdc',
      ])
        expect(groundedPlan(groundAsk({ words, parties, tools: person }))?.steps.map((s) => s.args)).toEqual([
          { amount: '5', recipient: 'bob' },
          { amount: '3', recipient: 'carol' },
        ]);
  });

  it('binds the amount to its currency, never to a number that is only nearby', () => {
    expect(steps('I need to pay bob 5 USDC for the 40 lunches')).toEqual([
      { toolId: 'payment.usdc.send', args: { amount: '5', recipient: 'bob', memo: 'the 40 lunches' } },
    ]);
    const g = ground('I need to pay bob 5 USDC for the 40 lunches');
    expect(g.numbers.map((n) => [n.value, n.role, n.unit])).toEqual([
      ['5', 'amount', 'USDC'],
      ['40', 'count', 'lunch'],
    ]);
    // No currency, no amount: asked for, never taken from the count.
    expect(steps('pay bob back for the 40 lunches')).toEqual([
      { toolId: 'payment.usdc.send', args: { recipient: 'bob', memo: 'the 40 lunches' } },
    ]);
    expect(steps('pay priya five dollars')?.[0]?.args.amount).toBe('5');
    expect(steps('send $7.50 to nathan.treasury')?.[0]?.args).toEqual({ amount: '7.5', recipient: 'nathan.treasury' });
  });

  it('asks about a name the vault does not know under the words used, politeness aside', () => {
    const g = ground('add jane doe to my contacts please');
    expect(g.intents[0]?.step.args).toEqual({ person: 'jane doe' });
    expect(g.intents[0]?.unknown).toEqual([{ arg: 'person', said: 'jane doe' }]);
    expect(steps('can you add david to the choir please')?.[0]?.args).toEqual({
      person: 'david',
      organization: 'choir',
    });
    expect(steps('send 10 dollars to my friend Maria Lopez')?.[0]?.args).toEqual({
      amount: '10',
      recipient: 'Maria Lopez',
    });
  });

  it('keeps two vault names under one key as one span, so the person chooses', () => {
    const g = ground('invite carol to thompson');
    expect(g.names.map((n) => [n.key, n.parties.length])).toEqual([
      ['carol', 1],
      ['thompson', 2],
    ]);
  });

  it('carries the organization an earlier clause named into a later clause that asks for the act', () => {
    const g = ground('missio nexus could use carol, please invite her');
    expect(g.intents.map((i) => i.step)).toEqual([
      { toolId: 'organization.membership.invite', args: { person: 'carol', organization: 'missio nexus' } },
    ]);
    // The clause that only names whom the ask takes up is its context, not a part no frame says.
    expect(g.unsaid).toEqual([]);
    expect(steps('add nathan to missio nexus, then invite bob too')?.map((s) => s.args)).toEqual([
      { person: 'nathan', organization: 'missio nexus' },
      { person: 'bob', organization: 'missio nexus' },
    ]);
    // A later request that only asks again for the act said before is that one act, not a second.
    expect(steps('I still owe carol 9 usdc, could you pay her')).toEqual([
      { toolId: 'payment.usdc.send', args: { amount: '9', recipient: 'carol' } },
    ]);
    expect(steps('give bob 2 usdc, please give him 3 usdc')?.map((s) => s.args.amount)).toEqual(['2', '3']);
    // An organization paid is no organization to join: nothing carries.
    expect(steps('pay missio nexus 5 usdc and add bob')).toEqual([
      { toolId: 'payment.usdc.send', args: { amount: '5', recipient: 'missio nexus' } },
      { toolId: 'person.contact.invite', args: { person: 'bob' } },
    ]);
    // A clause naming something no later intent takes up is still said to no frame.
    expect(ground('missio nexus is great, could you add bob to my contacts').unsaid).toEqual(['missio nexus is great']);
  });

  it('never matches a name fuzzily', () => {
    const g = ground('add davide to my contacts');
    expect(g.names).toEqual([]);
    expect(g.intents[0]?.unknown).toEqual([{ arg: 'person', said: 'davide' }]);
  });

  it('a question reads and never writes; a fact to keep writes memory', () => {
    expect(ground('what did I ask you to remember?').act).toBe('question');
    expect(steps('do you remember what I said about carol?')?.[0]?.toolId).toBe('records.list');
    expect(steps('Remember that I prefer morning calls.')).toEqual([
      { toolId: 'memory.remember', args: { note: 'I prefer morning calls' } },
    ]);
    expect(steps('should I pay bob 5 usdc?')).toBe(null);
  });

  it('small talk and help are read as such, with no plan', () => {
    for (const [words, act] of [
      ['Hello', 'greeting'],
      ['hi there!', 'greeting'],
      ['What can you do?', 'help'],
      ['help', 'help'],
      ['thanks!', 'thanks'],
    ] as const) {
      const g = ground(words);
      expect(g.act).toBe(act);
      expect(g.intents).toEqual([]);
    }
    expect(ground('hi, can you pay bob 5 usdc').intents[0]?.step.args).toEqual({ amount: '5', recipient: 'bob' });
  });

  it('tiers a symptom by the doctrine: red flags carry the emergency words', () => {
    const red = ground('I have chest pain and my left arm feels numb');
    expect(red.symptom?.tier).toBe('call-emergency');
    expect(red.symptom?.advice?.emergencyNumber).toBe('911');
    const amber = ground("my ankles are swollen and I'm a bit short of breath");
    expect(amber.symptom?.tier).toBe('flag-urgent');
    expect(amber.intents[0]?.step).toEqual({
      toolId: 'heartcoach.consult',
      args: { question: "my ankles are swollen and I'm a bit short of breath", kind: 'symptom' },
    });
    expect(ground('my ankle swelling is a bit better').symptom?.advice).toBe(null);
    expect(ground('pay bob 5 usdc').symptom).toBe(null);
  });

  it("finds what of an organization's the words speak of, beside its name: its treasury, its funds", () => {
    expect(ground('transfer 10 usdc from the missio nexus treasury to bob').organizationObjects).toEqual([
      { organization: 'Missio Nexus', object: 'treasury' },
    ]);
    expect(ground("pay bob 10 usdc out of missio nexus's funds").organizationObjects).toEqual([
      { organization: 'Missio Nexus', object: 'funds' },
    ]);
    // A contact's name with the word in it is a name, not an organization's treasury.
    expect(ground('Send 2 USDC to nathan.treasury toward the retreat deposit.').organizationObjects).toEqual([]);
    expect(ground('invite david to missio nexus').organizationObjects).toEqual([]);
  });

  it('"who is …" asks about someone the vault knows; about no one it knows, it is no read of the contacts', () => {
    expect(steps('who is the mayor?')).toBe(null);
    expect(steps("who's in missio nexus")).toEqual([
      { toolId: 'organization.members.list', args: { organization: 'missio nexus' } },
    ]);
  });

  it('offers only what the playbook offers', () => {
    const org = toolsOf('organization-agent');
    expect(groundAsk({ words: 'send 2 usdc to bob', parties: DEMO_PARTIES, tools: org }).intents).toEqual([]);
    expect(
      groundAsk({
        words: 'Transfer 500 USDC from the Missio Nexus treasury to nathan.treasury',
        parties: DEMO_PARTIES,
        tools: org,
      }).intents[0]?.step,
    ).toEqual({
      toolId: 'organization.treasury.transfer',
      args: { amount: '500', recipient: 'nathan.treasury', organization: 'Missio Nexus' },
    });
  });
});
