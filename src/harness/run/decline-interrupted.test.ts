import { describe, expect, it } from 'vitest';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import { memoryWorld } from '../testing/memory-world';
import { expectKind, replyOf } from '../testing/scenario';
import { throwingModel } from '../testing/scripted-model';

/**
 * A payment whose worker stopped after the transaction went out but before its receipt (found by the e2e fault spec,
 * e2e/faults-worker-stop.spec.ts: the popup then lists the run with "Drop it"). Declining it must not end the run
 * "Nothing was done" over USDC that moved, with no receipt: the decline is refused in words, and sending it again
 * finishes it — the first transaction, once.
 */
describe('a decline of a run stopped mid-act', () => {
  it('is refused in words, changes nothing, and the resume finishes the payment once with its receipt', async () => {
    const w = await memoryWorld({ model: throwingModel(), ontology: GENERATED_ONTOLOGY });
    const bob = await w.usdc(w.who.bob);
    const nonce = await w.harnessNonce();
    const required = expectKind(replyOf(await w.ask({ message: 'Send 5 USDC to bob' })), 'authority_required');
    const signed = await w.sign(required.requirement, 'alice');
    w.crashAfterNextRedeem();
    const crashed = await w.ask({ runRef: required.runRef, supplied: [signed] });
    expect(crashed.ok ? '' : crashed.error.code).toBe('RUN_INTERRUPTED');
    expect(await w.usdc(w.who.bob)).toBe(bob + 5_000_000n);
    w.restart();

    const declined = await w.ask({
      runRef: required.runRef,
      supplied: [{ kind: 'decline', reason: 'changed my mind' }],
    });
    expect(declined.ok).toBe(false);
    expect(declined.ok ? null : declined.error).toMatchObject({
      code: 'ACT_UNDER_WAY',
      message: expect.stringMatching(/may already have happened/),
    });
    expect(await w.receipts(required.runRef)).toHaveLength(0);

    const done = expectKind(replyOf(await w.ask({ runRef: required.runRef })), 'done');
    expect(done.receipts).toHaveLength(1);
    expect(done.receipts[0]!.reconciled).toBe(true);
    expect(await w.usdc(w.who.bob)).toBe(bob + 5_000_000n);
    expect(await w.harnessNonce()).toBe(nonce + 1);
    // Once finished, the decline is a replay of the done run: nothing is refused after the fact.
    const after = await w.ask({ runRef: required.runRef, supplied: [{ kind: 'decline' }] });
    expect(after.ok && after.data.reply.kind).toBe('done');
  });
});
