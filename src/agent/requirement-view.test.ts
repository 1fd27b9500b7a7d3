import { describe, expect, it } from 'vitest';
import { expectKind, replyOf, throwingModel } from '../harness/testing';
import { runStateOf } from './runs';
import { realWorld } from './testing/real-world';

/**
 * Viewing a requirement never acts (seed 001 step 8.5: the person signs, then the run resumes). A mandate can be in
 * the vault before its run resumed — signed in the popup and the worker stopped before the resume, or signed by the
 * command line — and the harness takes a stored mandate for the step's binding as presented. So showing the
 * requirement must read it from the run's checkpoint and never take a harness turn: here, asking for it moves no
 * USDC, sends no transaction, writes no receipt, and the run still waits.
 */
describe('the requirement a run waits on', () => {
  it('is read from the checkpoint: with a signed mandate already stored, asking for it carries out nothing', async () => {
    const w = await realWorld({ model: throwingModel() });
    const nathan = await w.usdc(w.who.nathan);
    const nonce = await w.harnessNonce();
    const required = expectKind(
      replyOf(await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' })),
      'authority_required',
    );
    await w.sign(required.requirement, 'alice');

    const shown = await w.agent().requirement(required.runRef);
    expect(shown).toEqual(required.requirement);
    await w.agent().requirement(required.runRef);

    expect(await w.usdc(w.who.nathan)).toBe(nathan);
    expect(await w.harnessNonce()).toBe(nonce);
    expect(await w.receipts(required.runRef)).toEqual([]);
    const state = await runStateOf(w.agent(), required.runRef);
    expect(state.status).toBe('awaiting');
    expect(state.pending).toMatchObject({
      kind: 'authority',
      stepRef: required.stepRef,
      bindingDigest: required.requirement.bindingDigest,
    });
    expect((await w.agent().pending()).map((p) => p.runRef)).toEqual([required.runRef]);
  });

  it('an off-chain act stays undone too, and the person’s own resume then carries it out once', async () => {
    const w = await realWorld({ model: throwingModel() });
    const required = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
    const signed = await w.sign(required.requirement, 'alice');
    expect((await w.agent().requirement(required.runRef)).bindingDigest).toBe(required.requirement.bindingDigest);
    expect(await w.receipts(required.runRef)).toEqual([]);
    const done = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'done');
    expect(done.receipts).toHaveLength(1);
  });
});
