import { describe, expect, it } from 'vitest';
import { demoContext } from '../testing/context';
import { admitCaller } from './doors';

describe('admitCaller (seed 001 step 0)', () => {
  it('admits the person’s own session at their own agent and at an organization they steward', async () => {
    const { ctx, world } = await demoContext();
    const door = { kind: 'session' as const, asker: world.who.alice };
    expect(
      await admitCaller(ctx, { request: { addressee: world.who.alice, message: 'hi', surface: 'sidepanel' }, door }),
    ).toMatchObject({ kind: 'fresh', asker: world.who.alice });
    expect(
      await admitCaller(ctx, { request: { addressee: world.who.missio, message: 'hi', surface: 'sidepanel' }, door }),
    ).toMatchObject({ kind: 'fresh', addressee: world.who.missio });
  });

  it('refuses a stranger, an unknown provider, a spent budget and answers without a run — each in words', async () => {
    const { ctx, world, vault } = await demoContext();
    const base = { addressee: world.who.alice, message: 'hi', surface: 'sidepanel' as const };
    const bob = { kind: 'session' as const, asker: world.who.bob };
    const alice = { kind: 'session' as const, asker: world.who.alice };
    expect(await admitCaller(ctx, { request: base, door: bob })).toMatchObject({
      kind: 'refused',
      error: { code: 'NOT_YOUR_AGENT' },
    });
    expect(await admitCaller(ctx, { request: { ...base, provider: 'gemini' }, door: alice })).toMatchObject({
      kind: 'refused',
      error: { code: 'UNKNOWN_PROVIDER' },
    });
    expect(
      await admitCaller(ctx, { request: { ...base, supplied: [{ kind: 'decline' }] }, door: alice }),
    ).toMatchObject({ kind: 'refused', error: { code: 'NOTHING_TO_RESUME' } });
    vault.budgets.set(world.who.alice.toLowerCase(), 0);
    const spent = await admitCaller(ctx, { request: base, door: alice });
    expect(spent).toMatchObject({ kind: 'refused', error: { code: 'BUDGET_SPENT', details: { status: 429 } } });
  });

  it('refuses to resume a run whose stored record was tampered with', async () => {
    const { ctx, world, vault } = await demoContext();
    const asked = await world.ask({ message: 'Add dave to my contacts.' });
    const runRef = asked.ok ? asked.data.runRef : '';
    const stored = vault.runRows.get(runRef) as Record<string, unknown>;
    vault.runRows.set(runRef, { ...stored, status: 'hacked' });
    const resumed = await admitCaller(ctx, {
      request: { addressee: world.who.alice, runRef, surface: 'sidepanel' },
      door: { kind: 'session', asker: world.who.alice },
    });
    expect(resumed).toMatchObject({ kind: 'refused', error: { code: 'RUN_CORRUPT' } });
  });
});
