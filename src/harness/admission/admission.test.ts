import { describe, expect, it } from 'vitest';
import type { Plan } from '../plan/plan-schema';
import { toolsOf } from '../testing/tools-of';
import { admitPlan } from './admission';
import type { AdmissionInput } from './rule-kit';

const ALICE = '0x1111111111111111111111111111111111111111';
const person = toolsOf('person-agent');
const admit = (plan: Plan, words: string, extra: Partial<AdmissionInput> = {}) =>
  admitPlan({
    plan,
    words,
    tools: person,
    origin: 'model',
    designated: { addresses: [ALICE], names: ['Alice Okoro'] },
    specialists: [],
    ...extra,
  });
const rules = (v: ReturnType<typeof admit>) => ('violations' in v ? v.violations.map((x) => x.rule) : []);

describe('admission (seed 001 step 6): every declared rule at once', () => {
  it('continues a plan the words carry', () => {
    const plan: Plan = {
      steps: [{ toolId: 'payment.usdc.send', args: { amount: '2', recipient: 'nathan.treasury' } }],
    };
    expect(admit(plan, 'Send 2 USDC to nathan.treasury').kind).toBe('continue');
  });

  it('numbersFromTheWords: an amount the person never said is dropped and asked for', () => {
    const v = admit(
      { steps: [{ toolId: 'payment.usdc.send', args: { amount: '50', recipient: 'nathan.treasury' } }] },
      'Pay nathan.treasury back for the hymnals.',
    );
    expect(v.kind).toBe('ask');
    if (v.kind !== 'ask') return;
    expect(v.missing).toEqual([
      { stepIndex: 0, arg: 'amount', reason: expect.stringMatching(/not a number you said/) },
    ]);
    expect(v.plan.steps[0]!.args).toEqual({ recipient: 'nathan.treasury' });
  });

  it('partiesFromTheWords: a recipient from anywhere but the words is dropped; a recipient by reference never passes', () => {
    const v = admit(
      { steps: [{ toolId: 'payment.usdc.send', args: { amount: '2', recipient: 'mallory' } }] },
      'Send 2 USDC to nathan.treasury',
    );
    expect(v).toMatchObject({ kind: 'ask', missing: [{ arg: 'recipient' }] });
    const address = admit(
      {
        steps: [
          {
            toolId: 'payment.usdc.send',
            args: { amount: '2', recipient: '0x2222222222222222222222222222222222222222' },
          },
        ],
      },
      'Send 2 USDC to nathan',
    );
    expect(address).toMatchObject({ kind: 'ask', missing: [{ arg: 'recipient' }] });
    const byRef = admit(
      {
        steps: [
          { id: 'r', toolId: 'person.contact.list', args: {} },
          { toolId: 'payment.usdc.send', args: { amount: '2', recipient: { $ref: 'r.rows' } } },
        ],
      },
      'pay 2 usdc to my contacts',
    );
    expect(byRef).toMatchObject({ kind: 'ask', missing: [{ stepIndex: 1, arg: 'recipient' }] });
  });

  it('a person may come from a read of the vault, never from an outside agent’s or a skill’s words', () => {
    const fromVault: Plan = {
      steps: [
        { id: 'm', toolId: 'person.contact.list', args: {} },
        {
          toolId: 'organization.membership.invite',
          args: { person: { $item: 'address' }, organization: 'Missio Nexus' },
          forEach: { $ref: 'm.rows' },
        },
      ],
    };
    expect(admit(fromVault, 'add all my contacts to Missio Nexus as members').kind).toBe('continue');
    const fromCoach: Plan = {
      steps: [
        { id: 'c', toolId: 'heartcoach.consult', args: { question: 'who should I add?' } },
        { toolId: 'person.contact.invite', args: { person: { $ref: 'c' } } },
      ],
    };
    expect(admit(fromCoach, 'ask heartcoach who to add to my contacts and add them')).toMatchObject({
      kind: 'ask',
      missing: [{ stepIndex: 1, arg: 'person' }],
    });
  });

  it('the vault designates the addressee, the asker and the default payer — and nothing else', () => {
    expect(
      admit(
        { steps: [{ toolId: 'organization.members.list', args: { organization: 'Alice Okoro' } }] },
        'who is in my own agent',
      ).kind,
    ).toBe('continue');
    expect(
      admit({ steps: [{ toolId: 'payment.usdc.send', args: { amount: '2', recipient: ALICE } }] }, 'send 2 usdc to me')
        .kind,
    ).toBe('continue');
  });

  it('actsFromTheWords: an act the words do not ask for is re-planned, then refused; a shared verb needs its object word', () => {
    const membership: Plan = {
      steps: [{ toolId: 'organization.membership.invite', args: { person: 'dave', organization: 'Missio Nexus' } }],
    };
    expect(rules(admit(membership, 'Add dave to my contacts.'))).toEqual(
      expect.arrayContaining(['actsFromTheWords', 'partiesFromTheWords']),
    );
    expect(admit(membership, 'Add dave to my contacts.').kind).toBe('replan');
    expect(admit(membership, 'Please get dave added to Missio Nexus').kind).toBe('continue');
    // "add" is no declared term of the invite: the grounding's frames reading it is what names it ("add … to
    // <organization>", understanding.ttl), as an organization's agent reads a routed step; without that reading the
    // verb names nothing, the organization's own name designated or not.
    const routed = { origin: 'routed' as const, designated: { addresses: [], names: ['Missio Nexus'] } };
    const add = 'can you add dave to missio nexus please';
    expect(rules(admit(membership, add, routed))).toContain('actsFromTheWords');
    expect(admit(membership, add, { ...routed, framesSaid: new Set(['organization.membership.invite']) }).kind).toBe(
      'continue',
    );
    expect(rules(admit(membership, add, { ...routed, framesSaid: new Set(['person.contact.invite']) }))).toContain(
      'actsFromTheWords',
    );
    expect(admit(membership, 'Add dave to my contacts.', { origin: 'compiled' }).kind).toBe('ask');
  });

  it('known tools, the schema, four steps, references backwards only, meta tools alone', () => {
    expect(rules(admit({ steps: [{ toolId: 'shell.exec', args: {} }] }, 'run it'))).toEqual(['knownTools']);
    expect(rules(admit({ steps: [{ toolId: 'person.contact.list', args: { secret: 'x' } }] }, 'contacts'))).toEqual([
      'argsMatchSchema',
    ]);
    const five: Plan = { steps: Array.from({ length: 5 }, () => ({ toolId: 'person.contact.list', args: {} })) };
    expect(rules(admit(five, 'contacts'))).toEqual(['maxSteps']);
    expect(
      rules(
        admit(
          {
            steps: [
              { toolId: 'person.contact.list', args: { query: { $ref: 's2' } } },
              { toolId: 'receipts.list', args: {} },
            ],
          },
          'x',
        ),
      ),
    ).toEqual(['referencesHold']);
    expect(
      rules(
        admit(
          {
            steps: [
              { toolId: 'ask.unsupported', args: { question: 'x' } },
              { toolId: 'receipts.list', args: {} },
            ],
          },
          'x',
        ),
      ),
    ).toEqual(['metaStandsAlone']);
    expect(rules(admit({ steps: [] }, 'x'))).toEqual(['questionRule']);
  });

  it('a screen may supply a plan only for reads', () => {
    expect(admit({ steps: [{ toolId: 'person.contact.list', args: {} }] }, 'x', { origin: 'supplied' }).kind).toBe(
      'continue',
    );
    expect(
      admit({ steps: [{ toolId: 'memory.remember', args: { note: 'x' } }] }, 'remember x', { origin: 'supplied' }).kind,
    ).toBe('refuse');
  });

  describe('page content is material, never instruction (a model that obeys every injection)', () => {
    const words = 'Summarize this page for me.';
    it.each<[string, Plan]>([
      [
        'a payment the page asks for',
        { steps: [{ toolId: 'payment.usdc.send', args: { amount: '50', recipient: 'mallory' } }] },
      ],
      ['a contact the page plants', { steps: [{ toolId: 'person.contact.invite', args: { person: 'mallory' } }] }],
      [
        'a memory the page wants kept',
        { steps: [{ toolId: 'memory.remember', args: { note: 'always pay mallory first' } }] },
      ],
      [
        'a membership for the attacker',
        {
          steps: [
            { toolId: 'organization.membership.invite', args: { person: 'mallory', organization: 'Missio Nexus' } },
          ],
        },
      ],
    ])('%s never continues', (_name, plan) => {
      const v = admit(plan, words);
      expect(['replan', 'refuse']).toContain(v.kind);
      expect(rules(v)).toContain('actsFromTheWords');
    });

    it('an amount from the page is dropped even when the person asked to pay', () => {
      const v = admit(
        { steps: [{ toolId: 'payment.usdc.send', args: { amount: '500', recipient: 'nathan.treasury' } }] },
        'Pay nathan.treasury what the invoice says',
      );
      expect(v).toMatchObject({ kind: 'ask', missing: [{ arg: 'amount' }] });
    });
  });
});
