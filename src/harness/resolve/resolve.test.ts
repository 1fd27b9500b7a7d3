import { describe, expect, it } from 'vitest';
import { demoContext } from '../testing/context';
import { toolsOf } from '../testing/tools-of';
import { resolveStepArgs } from './resolve';

const person = toolsOf('person-agent');

async function resolve(toolId: string, args: Record<string, unknown>, chosen: Record<string, string> = {}) {
  const { ctx, world, vault } = await demoContext();
  const run = () =>
    resolveStepArgs(ctx, {
      tool: person.get(toolId)!,
      args,
      asker: world.who.alice,
      addressee: world.who.alice,
      chosen,
      sources: {},
    });
  return { run, world, vault, ctx };
}

describe('resolveStepArgs (seed 001 step 7): names to addresses in the asker’s tier', () => {
  it('resolves an exact label or alias, case-insensitively, from contacts, organizations and stewarded members', async () => {
    const { run, world } = await resolve('organization.membership.invite', {
      person: 'DAVE SILVA',
      organization: 'missio',
    });
    expect(await run()).toMatchObject({
      kind: 'resolved',
      args: { person: world.who.dave, organization: world.who.missio },
    });
  });

  it('is never fuzzy: a near name is a data prompt, not a guess', async () => {
    const { run } = await resolve('person.contact.invite', { person: 'davee' });
    expect(await run()).toMatchObject({ kind: 'data', arg: 'person', word: 'davee' });
  });

  it('several → a choice among exactly those; a confirmed choice is remembered as cited evidence', async () => {
    const { run, world, vault, ctx } = await resolve('organization.membership.invite', {
      person: 'bob',
      organization: 'thompson',
    });
    const choice = await run();
    expect(choice.kind).toBe('choice');
    expect(choice.kind === 'choice' && choice.candidates.map((c) => c.address).sort()).toEqual(
      [world.who.thompsonCommunity, world.who.thompsonFamily].sort(),
    );
    await vault.confirmations.put({
      asker: world.who.alice,
      word: 'thompson',
      capability: 'organization.membership.invite',
      argument: 'organization',
      chosen: world.who.thompsonCommunity,
      label: 'x',
      at: 0,
    });
    const remembered = await run();
    expect(remembered).toMatchObject({ kind: 'resolved', args: { organization: world.who.thompsonCommunity } });
    expect(remembered.kind === 'resolved' && remembered.parties.find((p) => p.arg === 'organization')).toMatchObject({
      source: 'remembered',
      note: expect.stringMatching(/^remembered: you chose/),
    });
    // Scoped to (word, capability, argument): the same word for another capability is asked again.
    const other = await resolveStepArgs(ctx, {
      tool: person.get('organization.members.list')!,
      args: { organization: 'thompson' },
      asker: world.who.alice,
      addressee: world.who.alice,
      chosen: {},
      sources: {},
    });
    expect(other.kind).toBe('choice');
  });

  it('a remembered choice that is no longer a candidate is not used', async () => {
    const { run, world, vault } = await resolve('organization.membership.invite', {
      person: 'bob',
      organization: 'thompson',
    });
    await vault.confirmations.put({
      asker: world.who.alice,
      word: 'thompson',
      capability: 'organization.membership.invite',
      argument: 'organization',
      chosen: world.who.missio,
      label: 'x',
      at: 0,
    });
    expect((await run()).kind).toBe('choice');
  });

  it('“me” is the asker; an address the words carry is kept; a choice made this run is applied', async () => {
    const { run, world } = await resolve('payment.usdc.send', { amount: '1', recipient: 'me' });
    expect(await run()).toMatchObject({
      kind: 'resolved',
      args: { recipient: world.who.alice },
      argSources: { recipient: 'asker' },
    });
    const chose = await resolve(
      'organization.membership.invite',
      { person: 'bob', organization: 'thompson' },
      { organization: (await resolve('x', {})).world.who.thompsonFamily },
    );
    expect(await chose.run()).toMatchObject({
      kind: 'resolved',
      args: { organization: chose.world.who.thompsonFamily },
      argSources: { organization: 'choice' },
    });
  });
});
