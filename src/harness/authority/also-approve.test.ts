import { describe, expect, it } from 'vitest';
import { demoContext } from '../testing/context';
import { expectKind, replyOf } from '../testing/scenario';
import { RunStateSchema } from '../kernel/run-state';

/**
 * alsoApprove (seed 001 step 8.4): the later acts of a plan that need a mandate from the same delegator are listed
 * with the first, so the person reviews and signs them in one sitting — one mandate per step, each verified when
 * its step runs. An act already as it would make the world is not listed (it needs no mandate).
 */
describe('alsoApprove', () => {
  it('lists the fan-out’s second invite with the first; signed together, one resume carries out both', async () => {
    const { world, vault } = await demoContext();
    const first = expectKind(
      replyOf(await world.ask({ message: 'Invite bob and carol to Thompson Community Fund' })),
      'authority_required',
    );
    expect(first.stepRef).toBe('s1.1');
    expect(first.alsoApprove).toHaveLength(1);
    expect(first.summary).toMatch(
      /1 more step of this plan needs a mandate from .* too: you can review and sign it with this one\./,
    );
    const pending = RunStateSchema.parse(vault.runRows.get(first.runRef)).pending;
    const also = pending?.kind === 'authority' ? (pending.also ?? []) : [];
    expect(also.map((r) => [r.stepRef, r.bindingDigest, r.delegator])).toEqual([
      ['s1.2', first.alsoApprove[0], first.requirement.delegator],
    ]);
    expect(also[0]!.args).toMatchObject({ person: world.who.carol });

    const signedFirst = await world.sign(first.requirement, 'alice');
    const signedSecond = await world.sign(also[0]!, 'alice');
    const done = expectKind(replyOf(await world.ask({ runRef: first.runRef, supplied: [signedFirst] })), 'done');
    expect(done.receipts.map((r) => r.stepRef)).toEqual(['s1.1', 's1.2']);
    expect(done.receipts[1]!.presentedRef).toBe(
      `mandate:${signedSecond.kind === 'mandate' ? signedSecond.mandateHash : ''}`,
    );
  });

  it('leaves out a later act that needs no mandate (dave is added; bob is already a contact)', async () => {
    const { world } = await demoContext();
    const first = expectKind(
      replyOf(await world.ask({ message: 'Add dave and bob to my contacts' })),
      'authority_required',
    );
    expect(first.alsoApprove).toEqual([]);
    expect(first.summary).not.toMatch(/more step/);
  });
});
