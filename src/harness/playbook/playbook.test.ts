import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { demoContext } from '../testing/context';
import { loadPlaybook } from './playbook';

describe('loadPlaybook (seed 001 step 1)', () => {
  it('loads the assigned archetype, pinned and recomputed, with its doctrine and capabilities', async () => {
    const { ctx, world } = await demoContext();
    const result = await loadPlaybook(ctx, { addressee: world.who.missio });
    expect(result.kind).toBe('playbook');
    if (result.kind !== 'playbook') return;
    expect(result.scope.archetypeId).toBe('organization-agent');
    expect(result.scope.skillIds).toContain('grant-inquiry-letter');
    expect(result.scope.instructions).not.toMatch(/## How each act is done/);
    expect(result.scope.declaredEffects).toContain('notify.treasurers');
  });

  it('is the bare harness when nothing is assigned, the version moved or the digest moved', async () => {
    const { ctx, world, vault } = await demoContext();
    const pin = (await vault.playbooks.get(world.who.alice))!;
    vault.assign({ ...pin, definitionDigest: `0x${'ab'.repeat(32)}` as Hex });
    expect(await loadPlaybook(ctx, { addressee: world.who.alice })).toMatchObject({
      kind: 'bare',
      reason: expect.stringMatching(/digest moved/),
    });
    vault.assign({ ...pin, agent: world.who.thompsonFamily, archetypeVersion: '0.9.0' });
    expect(await loadPlaybook(ctx, { addressee: world.who.thompsonFamily })).toMatchObject({
      kind: 'bare',
      reason: expect.stringMatching(/version 0.9.0/),
    });
    expect(await loadPlaybook(ctx, { addressee: world.who.bob })).toMatchObject({ kind: 'bare' });
  });

  it('is cached one minute: a new assignment is seen only after the minute passes', async () => {
    const { ctx, world, vault } = await demoContext();
    expect((await loadPlaybook(ctx, { addressee: world.who.thompsonCommunity })).kind).toBe('playbook');
    vault.assignments.delete(world.who.thompsonCommunity.toLowerCase());
    world.advance(59_000);
    expect((await loadPlaybook(ctx, { addressee: world.who.thompsonCommunity })).kind).toBe('playbook');
    world.advance(2_000);
    expect((await loadPlaybook(ctx, { addressee: world.who.thompsonCommunity })).kind).toBe('bare');
  });
});
