import { expect, it } from 'vitest';
import type { Mandate, MandateChain } from '../../../protocol/delegation';
import { deriveChildMandate, signChildLink } from '../../mandates/derive-child';
import { verifyChildMandate } from '../../mandates/verify-child';
import { payWithMandate } from '../../redeem/pay-with-mandate';
import { prepareRedemption } from '../../redeem/prepare-redemption';
import { revokeDelegation } from '../../revoke/revoke-delegation';
import { usdcBalanceOf, usdcTransferCall } from '../../tokens/usdc';
import { paymentMandateToBob } from '../payment-mandate-to-bob';
import type { Testbed } from '../testbed';

/**
 * Child mandates on hand-off: the harness agent redelegates the person's payment mandate to the payment specialist
 * (authority = the parent's hash, caveats at most the parent's); the specialist redeems the whole chain through the
 * DelegationManager. A wider child, a chain with a gap and a child of a revoked parent are refused in words — by the
 * verifier before anything is signed, and by the chain itself.
 */
export function childMandateScenarios(bed: () => Testbed): void {
  const parentOf = (b: Testbed, stepRef: string, maxAmount = 5_000_000n, calls = 2): Promise<Mandate> =>
    paymentMandateToBob(b, { capability: 'payments.send', stepRef, maxAmount, calls });
  const verify = (b: Testbed, links: unknown) =>
    verifyChildMandate(b.chain, {
      links,
      now: b.now(),
      delegate: b.specialist.address,
      delegator: b.alice.agent.address,
    });
  const pay = (b: Testbed, links: unknown, amount: bigint, redeemer = b.specialist) =>
    payWithMandate(b.chain, {
      mandate: links,
      recipient: b.bob.agent.address,
      amount,
      redeemer,
      record: async () => undefined,
    });

  it('hands a payment to the specialist under a narrower child; the specialist redeems the chain on chain', async () => {
    const b = bed();
    const parent = await parentOf(b, `child-${b.now()}`);
    const child = await deriveChildMandate(b.chain, {
      parent,
      delegator: b.harness,
      delegate: b.specialist.address,
      narrowing: { maxAmount: 3_000_000n, calls: 1, notAfter: b.now() + 300 },
    });
    expect(child.chain).toHaveLength(2);
    expect(child.chain[0]!.delegation.authority).toBe(child.parentHash);
    const verdict = await verify(b, child.chain);
    expect(verdict).toMatchObject({ ok: true, delegationHash: child.hash, callsLeft: 1 });
    // Only the leaf's delegate redeems; the child's own amount is enforced on chain, below the parent's.
    expect(await pay(b, child.chain, 1n, b.harness)).toMatchObject({ ok: false, code: 'WRONG_DELEGATE' });
    expect(await pay(b, child.chain, 4_000_000n)).toMatchObject({ ok: false, code: 'CAVEAT_MISMATCH' });
    const before = await usdcBalanceOf(b.chain, b.bob.agent.address);
    const paid = await pay(b, child.chain, 3_000_000n);
    expect(paid).toMatchObject({ ok: true });
    expect(await usdcBalanceOf(b.chain, b.bob.agent.address)).toBe(before + 3_000_000n);
    expect(await verify(b, child.chain)).toMatchObject({ ok: false, code: 'CALLS_EXHAUSTED' });
    expect(await pay(b, child.chain, 1n)).toMatchObject({ ok: false, code: 'CALLS_EXHAUSTED' });
  });

  it('refuses a child wider than its parent — amount, recipient, expiry, calls — before and at redemption', async () => {
    const b = bed();
    const parent = await parentOf(b, `wide-${b.now()}`, 2_000_000n, 1);
    const base = { parent, delegator: b.harness, delegate: b.specialist.address };
    for (const narrowing of [
      { maxAmount: 3_000_000n },
      { recipient: b.stranger.agent.address },
      { notAfter: b.now() + 3600 },
      { calls: 2 },
    ])
      await expect(deriveChildMandate(b.chain, { ...base, narrowing })).rejects.toMatchObject({ code: 'CHILD_WIDER' });
    const act = parent.scope.act.kind === 'chain' ? parent.scope.act : undefined;
    const wide = await signChildLink(b.chain, {
      ...base,
      scope: { ...parent.scope, act: { ...act!, erc20: { ...act!.erc20!, maxAmount: '3000000' } } },
    });
    const verdict = await verify(b, [wide, parent]);
    expect(verdict).toMatchObject({ ok: false, code: 'CHILD_WIDER' });
    if (!verdict.ok) expect(verdict.message).toMatch(/allows 3000000 token units where its parent allows 2000000/);
    // The chain never lets it spend more than the parent either.
    expect(await pay(b, [wide, parent], 3_000_000n)).toMatchObject({ ok: false, code: 'CAVEAT_MISMATCH' });
  });

  it('refuses a chain with a gap: a child that does not stand on the mandate presented above it', async () => {
    const b = bed();
    const parent = await parentOf(b, `gap-${b.now()}`);
    const other = await parentOf(b, `gap-other-${b.now()}`);
    const child = await deriveChildMandate(b.chain, {
      parent: other,
      delegator: b.harness,
      delegate: b.specialist.address,
    });
    const gap: MandateChain = [child.chain[0]!, parent];
    const verdict = await verify(b, gap);
    expect(verdict).toMatchObject({ ok: false, code: 'CHAIN_GAP' });
    expect(await pay(b, gap, 1n)).toMatchObject({ ok: false, code: 'CHAIN_GAP' });
    // Signed by someone who does not hold the parent: a gap too.
    const byStranger = await signChildLink(b.chain, {
      parent,
      delegator: b.stranger.owner,
      delegate: b.specialist.address,
      scope: parent.scope,
    });
    expect(await verify(b, [byStranger, parent])).toMatchObject({ ok: false, code: 'CHAIN_GAP' });
    expect(await pay(b, [byStranger, parent], 1n)).toMatchObject({ ok: false, code: 'CHAIN_GAP' });
  });

  it('revoking the parent voids every child at once, off chain and on chain', async () => {
    const b = bed();
    const parent = await parentOf(b, `revoke-${b.now()}`);
    const first = await deriveChildMandate(b.chain, { parent, delegator: b.harness, delegate: b.specialist.address });
    const second = await deriveChildMandate(b.chain, {
      parent,
      delegator: b.harness,
      delegate: b.specialist.address,
      narrowing: { maxAmount: 1_000_000n },
    });
    expect((await verify(b, first.chain)).ok).toBe(true);
    await revokeDelegation(b.chain, {
      owner: b.alice.owner,
      agent: b.alice.agent,
      delegation: parent.delegation,
      submitter: b.harness,
    });
    for (const child of [first, second]) {
      const verdict = await verify(b, child.chain);
      expect(verdict).toMatchObject({ ok: false, code: 'PARENT_REVOKED' });
      if (!verdict.ok) expect(verdict.message).toMatch(/revoked by 0x[0-9a-fA-F]{40}, so the hand-off is void/);
      const ready = await prepareRedemption(b.chain, {
        mandate: child.chain,
        execution: usdcTransferCall(b.chain, b.bob.agent.address, 1n),
        redeemer: b.specialist,
      });
      expect(ready).toMatchObject({ ok: false, code: 'REVOKED' });
    }
  });
}
