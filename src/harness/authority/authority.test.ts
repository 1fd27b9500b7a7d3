import { describe, expect, it } from 'vitest';
import { digestOf } from '../../protocol/digest';
import { demoContext } from '../testing/context';
import { toolsOf } from '../testing/tools-of';
import { authorizeStep, bindingProblem, type AuthorizeInput } from './authority';
import { riskOf } from './ladder';

const person = toolsOf('person-agent');
const run = {
  runRef: 'run-1',
  planDigest: digestOf('plan'),
  ontologyDigest: digestOf('ontology'),
  playbookDigest: digestOf('playbook'),
  words: 'Add dave to my contacts.',
};

async function setup() {
  const { ctx, world, wallet } = await demoContext();
  const input = (over: Partial<AuthorizeInput> = {}): AuthorizeInput => ({
    tool: person.get('person.contact.invite')!,
    args: { person: world.who.dave },
    argSources: { person: 'words' },
    stepRef: 's1',
    run,
    asker: world.who.alice,
    addressee: world.who.alice,
    door: 'session',
    suppliedMandate: null,
    approvals: [],
    executing: false,
    ...over,
  });
  return { ctx, world, wallet, input };
}

describe('authorizeStep (seed 001 step 8): per step, never per run', () => {
  it('reads need nothing; own low-risk writes from the person’s own session are self — never through ask-as-me', async () => {
    const { ctx, input } = await setup();
    expect(await authorizeStep(ctx, input({ tool: person.get('person.contact.list')!, args: {} }))).toEqual({
      kind: 'informational',
    });
    const remember = { tool: person.get('memory.remember')!, args: { note: 'x' } };
    expect((await authorizeStep(ctx, input(remember))).kind).toBe('self');
    expect((await authorizeStep(ctx, input({ ...remember, door: 'ask-as-me' }))).kind).toBe('authority-required');
  });

  it('without a mandate: the exact requirement, bound to the plan, with the delegator, the delegate and the standing', async () => {
    const { ctx, world, input } = await setup();
    const d = await authorizeStep(ctx, input());
    expect(d.kind).toBe('authority-required');
    if (d.kind !== 'authority-required') return;
    expect(d.requirement).toMatchObject({
      delegator: world.who.alice,
      delegate: world.who.harnessAgent,
      capability: 'person.contact.invite',
      risk: 'medium',
      caveats: { calls: 1 },
    });
    expect(d.requirement.binding).toEqual({
      planDigest: run.planDigest,
      stepRef: 's1',
      argsDigest: digestOf({ person: world.who.dave }),
      ontologyDigest: run.ontologyDigest,
      playbookDigest: run.playbookDigest,
      capabilityId: 'person.contact.invite',
    });
    expect(d.requirement.bindingDigest).toBe(digestOf(d.requirement.binding));
    expect(d.standing).toEqual({ relation: 'self', canGrant: true });
  });

  it('a signed mandate for exactly this binding allows; the keyring is searched by binding digest', async () => {
    const { ctx, wallet, input } = await setup();
    const required = await authorizeStep(ctx, input());
    if (required.kind !== 'authority-required') throw new Error(required.kind);
    const mandate = await wallet.signMandate(
      required.requirement,
      (await import('../../protocol/demo-identities')).DEMO_PEOPLE.alice.privateKey,
      0,
    );
    expect(await authorizeStep(ctx, input())).toMatchObject({
      kind: 'allow',
      mandateHash: mandate.hash,
      obligations: [],
    });
  });

  it('names what is wrong with a mandate: other delegate, expired, exhausted, amount, recipient', async () => {
    const { ctx, input } = await setup();
    const d = await authorizeStep(ctx, input());
    if (d.kind !== 'authority-required') throw new Error(d.kind);
    const r = d.requirement;
    const ok = {
      ok: true as const,
      hash: digestOf('m'),
      delegator: r.delegator,
      delegate: r.delegate,
      capability: r.capability,
      binding: r.binding,
      bindingDigest: r.bindingDigest,
      caveats: { calls: 1, notAfter: 2e9 },
      issuedAt: 0,
      callsUsed: 0,
    };
    const ctxInput = { executing: false, args: r.args, run };
    expect(bindingProblem(ok, r, ctxInput, 1e9)).toBe(null);
    expect(bindingProblem({ ...ok, delegate: r.delegator }, r, ctxInput, 1e9)?.code).toBe('MANDATE_WRONG_DELEGATE');
    expect(bindingProblem({ ...ok, caveats: { calls: 1, notAfter: 5 } }, r, ctxInput, 1e9)?.code).toBe(
      'MANDATE_EXPIRED',
    );
    expect(bindingProblem({ ...ok, callsUsed: 1 }, r, ctxInput, 1e9)?.code).toBe('MANDATE_EXHAUSTED');
    expect(bindingProblem({ ...ok, callsUsed: 1 }, r, { ...ctxInput, executing: true }, 1e9)).toBe(null);
    const pay = {
      ...r,
      caveats: { calls: 1, notAfter: 2e9, token: 'usdc' as const, maxAmount: '2000000', recipient: r.delegator },
    };
    const payArgs = { ...ctxInput, args: { amount: '3', recipient: r.delegator } };
    expect(bindingProblem({ ...ok, caveats: pay.caveats }, pay, payArgs, 1e9)?.code).toBe('MANDATE_AMOUNT');
    expect(
      bindingProblem(
        { ...ok, caveats: { ...pay.caveats, maxAmount: '3000000', recipient: r.delegate } },
        pay,
        payArgs,
        1e9,
      )?.code,
    ).toBe('MANDATE_RECIPIENT');
  });

  it('the risk comes from the declaration and the person’s threshold, never the plan; unreadable amounts count as high', async () => {
    const { ctx, world } = await setup();
    const pay = person.get('payment.usdc.send')!.capability;
    expect(await riskOf(ctx, pay, { amount: '100' }, world.who.alice)).toBe('medium');
    expect(await riskOf(ctx, pay, { amount: '100.01' }, world.who.alice)).toBe('high');
    expect(await riskOf(ctx, pay, { amount: 'lots' }, world.who.alice)).toBe('high');
    expect(await riskOf(ctx, pay, { amount: '30' }, world.who.bob)).toBe('high'); // Bob has no setting: the ontology's 25
  });

  it('with no default payer there is nothing to pay from', async () => {
    const { ctx, world, input } = await setup();
    const d = await authorizeStep(
      ctx,
      input({
        tool: person.get('payment.usdc.send')!,
        args: { amount: '1', recipient: world.who.nathan },
        asker: world.who.bob,
        addressee: world.who.bob,
      }),
    );
    expect(d).toMatchObject({ kind: 'deny', code: 'NO_DEFAULT_PAYER' });
  });
});
