import { parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { realWorld } from '../../agent/testing/real-world';
import { expectKind, replyOf, throwingModel } from '../../harness/testing';
import { DEMO_SERVICES } from '../../protocol/demo-identities';
import { fundOnLocalChain, usdcBalanceOf } from '../../wallet';
import { paymentSpecialist } from './payment-specialist';

/**
 * A payment handed off, on the real vault and the embedded chain: the person signs the mandate for the harness
 * agent as always; the harness derives a child mandate (a redelegation, narrowed to this step) for the payment
 * specialist, whose own key redeems the chain through the DelegationManager. The receipt records who it went to.
 */
const specialistKey = privateKeyToAccount(DEMO_SERVICES['payment-specialist'].privateKey);
const PAY = 'Send 2 USDC to nathan.treasury toward the retreat deposit.';

async function world() {
  const w = await realWorld(
    { model: throwingModel() },
    { specialists: (chain) => [paymentSpecialist({ chain, key: specialistKey })] },
  );
  await fundOnLocalChain(w.chain(), specialistKey.address, parseEther('1'));
  return w;
}

describe('the payment specialist under a child mandate', () => {
  it('pays under the child it was handed; the receipt records handedTo and the harness agent sends nothing', async () => {
    const w = await world();
    const nathan = await w.usdc(w.who.nathan);
    const required = expectKind(replyOf(await w.ask({ message: PAY })), 'authority_required');
    const signed = await w.sign(required.requirement, 'alice');
    const harnessNonce = await w.harnessNonce();
    const specialistNonce = await w.chain().client.getTransactionCount({ address: specialistKey.address });
    const done = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'done');
    expect(await w.usdc(w.who.nathan)).toBe(nathan + 2_000_000n);
    const receipt = done.receipts.find((r) => r.toolId === 'payment.usdc.send')!;
    expect(receipt.presentedRef).toBe(`mandate:${signed.kind === 'mandate' ? signed.mandateHash : ''}`);
    expect(receipt.handedTo).toMatchObject({ executor: 'payment-specialist', address: specialistKey.address });
    expect(receipt.handedTo!.childMandateHash).not.toBe(receipt.mandateHash);
    expect(receipt.observation).toBe('confirmed');
    // The specialist redeemed (one transaction of its own); the harness agent signed the child, sent nothing.
    expect(await w.harnessNonce()).toBe(harnessNonce);
    expect(await w.chain().client.getTransactionCount({ address: specialistKey.address })).toBe(specialistNonce + 1);
    const tx = await w.chain().client.getTransaction({ hash: receipt.txHash as Hex });
    expect(tx.from.toLowerCase()).toBe(specialistKey.address.toLowerCase());
  });

  it('a parent revoked after the hand-off stops the child at once: the specialist is refused, no USDC moves', async () => {
    const w = await world();
    const required = expectKind(replyOf(await w.ask({ message: PAY })), 'authority_required');
    const signed = await w.sign(required.requirement, 'alice');
    const hash = signed.kind === 'mandate' ? signed.mandateHash : ('0x' as Hex);
    const child = await w.harness().context.authority.handOff({
      mandateHash: hash,
      delegate: specialistKey.address,
      narrowing: { maxAmount: '2000000', calls: 1 },
    });
    if (!child.ok) throw new Error(child.reason);
    await w.revoke(hash);
    const specialist = paymentSpecialist({ chain: w.chain(), key: specialistKey });
    const nathan = await usdcBalanceOf(w.chain(), w.who.nathan);
    const result = await specialist.run(w.harness().context, {
      tool: { id: 'payment.usdc.send' } as never,
      args: { amount: '2', recipient: w.who.nathan },
      stepRef: required.requirement.stepRef,
      runRef: required.runRef,
      asker: w.who.alice,
      addressee: w.who.alice,
      labels: new Map(),
      words: PAY,
      material: [],
      inputs: [],
      mandateHash: hash,
      effectKey: ('0x' + '22'.repeat(32)) as Hex,
      trace: {} as never,
      handOff: { childHash: child.childHash, parentHash: child.parentHash, credential: child.credential },
    });
    expect(result).toMatchObject({ failed: true, code: 'PARENT_REVOKED' });
    expect(await usdcBalanceOf(w.chain(), w.who.nathan)).toBe(nathan);
  });

  it('a hand-off wider than the mandate is refused before anything is signed', async () => {
    const w = await world();
    const required = expectKind(replyOf(await w.ask({ message: PAY })), 'authority_required');
    const signed = await w.sign(required.requirement, 'alice');
    const hash = signed.kind === 'mandate' ? signed.mandateHash : ('0x' as Hex);
    const wider = await w.harness().context.authority.handOff({
      mandateHash: hash,
      delegate: specialistKey.address,
      narrowing: { maxAmount: '3000000' },
    });
    expect(wider).toMatchObject({ ok: false, code: 'CHILD_WIDER' });
  });
});
