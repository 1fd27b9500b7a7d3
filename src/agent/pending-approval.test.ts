import { describe, expect, it } from 'vitest';
import { expectKind, replyOf, throwingModel } from '../harness/testing';
import { approvalDigestFor } from '../protocol/approval-exchange';
import { realWorld } from './testing/real-world';

/**
 * Approvals in the popup: a run waiting on co-signers is listed by agent.pending with what the popup's approval
 * exchange needs — the approval digest, the approvers, the quorum, who has approved, the resume token and the
 * requirement the digest is over — read from the run's checkpoint, never by resuming the run. Real vault and chain:
 * "Send 40 USDC to bob" is above Alice's 25 USDC threshold, so once she signs it waits for Bob, her co-signer.
 */
async function waitingOnBob() {
  const w = await realWorld({ model: throwingModel() });
  const required = expectKind(replyOf(await w.ask({ message: 'Send 40 USDC to bob' })), 'authority_required');
  const prompt = expectKind(
    replyOf(await w.ask({ runRef: required.runRef, supplied: [await w.sign(required.requirement, 'alice')] })),
    'prompt',
  );
  if (prompt.prompt.kind !== 'signature') throw new Error(`expected a signature prompt, got ${prompt.prompt.kind}`);
  return { w, required, prompt, signature: prompt.prompt };
}

describe('agent.pending for a run waiting on co-signers', () => {
  it('carries the signature prompt and the requirement from the checkpoint, and listing takes no turn', async () => {
    const { w, required, prompt, signature } = await waitingOnBob();
    const before = await w.parts.vault.db.runs.get(prompt.runRef);
    const [listed] = await w.agent().pending();
    expect(listed).toMatchObject({ runRef: prompt.runRef, waitingFor: 'approval', text: signature.text });
    expect(listed!.approval).toEqual({
      resumeToken: prompt.resumeToken,
      approvalDigest: signature.approvalDigest,
      approvers: [w.who.bob],
      quorum: signature.quorum,
      have: [],
      requirement: required.requirement,
    });
    // What the popup recomputes before exporting the approval request: the digest is over exactly this requirement.
    expect(approvalDigestFor(listed!.approval!.requirement)).toBe(signature.approvalDigest);
    expect(await w.parts.vault.db.runs.get(prompt.runRef)).toEqual(before);

    // Bob's co-signature over what was listed finishes the payment.
    const approval = await w.approve(listed!.approval!.resumeToken, listed!.approval!.approvalDigest, 'bob');
    expectKind(replyOf(await w.ask({ runRef: prompt.runRef, supplied: [approval] })), 'done');
    expect(await w.agent().pending()).toEqual([]);
  });

  it('a checkpoint whose requirement no longer gives its approval digest lists no approval details to export', async () => {
    const { w, prompt } = await waitingOnBob();
    const row = (await w.parts.vault.db.runs.get(prompt.runRef))!;
    const checkpoint = row.checkpoint as { pending: { requirement: { bindingDigest: string } } };
    checkpoint.pending.requirement.bindingDigest = `0x${'ab'.repeat(32)}`;
    await w.parts.vault.db.runs.put({ ...row, checkpoint: checkpoint as never });
    const [listed] = await w.agent().pending();
    expect(listed).toMatchObject({ runRef: prompt.runRef, waitingFor: 'approval' });
    expect(listed!.approval).toBeUndefined();
  });
});
