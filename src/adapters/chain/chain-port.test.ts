import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { realWorld } from '../../agent/testing/real-world';
import { expectKind, replyOf } from '../../harness/testing';
import { throwingModel } from '../../harness/testing';
import { Mandate } from '../../protocol/delegation';
import { DEMO_SERVICES } from '../../protocol/demo-identities';
import { digestOf } from '../../protocol/digest';
import { prepareRedemption, usdcTransferCall } from '../../wallet';
import { recordRedemption } from './records';

/**
 * The ChainPort's reconcile on the embedded chain, for the crash the shared scenarios do not reach: the worker
 * stopped after the redemption was recorded in the vault and before a byte was sent. Reconcile then says absent,
 * and the redemption that follows sends those same recorded bytes — same nonce, same transaction hash — so the
 * harness agent's nonce advances once; an effect with no record and an unused mandate is absent too, and a mandate
 * used on chain with no record of it cannot be told (indeterminate), never "absent".
 */
async function signedPayment() {
  const w = await realWorld({ model: throwingModel() });
  const asked = expectKind(
    replyOf(await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' })),
    'authority_required',
  );
  const signed = await w.sign(asked.requirement, 'alice');
  const hash = (signed.kind === 'mandate' ? signed.mandateHash : '0x') as Hex;
  return { w, hash, port: w.harness().context.chain };
}

describe('the ChainPort on the embedded chain', () => {
  it('after a stop between recording and sending, sends the recorded bytes: same transaction, nonce once', async () => {
    const { w, hash, port } = await signedPayment();
    const effectKey = digestOf({ effect: 'stopped-before-send' });
    const mandate = Mandate.parse((await w.parts.vault.mandates.get(hash))!.delegation);
    const redeemer = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    const ready = await prepareRedemption(w.chain(), {
      mandate,
      execution: usdcTransferCall(w.chain(), w.who.nathan, 2_000_000n),
      redeemer,
    });
    if (!ready.ok) throw new Error(ready.message);
    await recordRedemption(w.parts.vault, { effectKey, runRef: 'run-x', prepared: ready.prepared });
    const nonce = await w.harnessNonce();
    const nathan = await w.usdc(w.who.nathan);

    expect(await port.reconcile({ effectKey, mandateHash: hash })).toEqual({ kind: 'absent' });
    const sent = await port.redeemTransfer({
      mandateHash: hash,
      token: 'usdc',
      to: w.who.nathan,
      amount: '2000000',
      effectKey,
    });
    expect(sent).toMatchObject({ status: 'success', txHash: ready.prepared.transactionHash });
    expect(await port.reconcile({ effectKey, mandateHash: hash })).toMatchObject({
      kind: 'found',
      txHash: ready.prepared.transactionHash,
    });
    // Asked again for the same effect (a resume that lost its receipt): the first transaction, nothing sent.
    expect(
      await port.redeemTransfer({ mandateHash: hash, token: 'usdc', to: w.who.nathan, amount: '2000000', effectKey }),
    ).toMatchObject({ txHash: ready.prepared.transactionHash });
    expect(await w.harnessNonce()).toBe(nonce + 1);
    expect(await w.usdc(w.who.nathan)).toBe(nathan + 2_000_000n);
  });

  it('no record and an unused mandate is absent; a mandate spent on chain with no record is indeterminate', async () => {
    const { w, hash, port } = await signedPayment();
    expect(await port.reconcile({ effectKey: digestOf('never recorded'), mandateHash: hash })).toEqual({
      kind: 'absent',
    });
    expect(
      await port.redeemTransfer({
        mandateHash: hash,
        token: 'usdc',
        to: w.who.nathan,
        amount: '2000000',
        effectKey: digestOf('a'),
      }),
    ).toMatchObject({ status: 'success' });
    expect(await port.reconcile({ effectKey: digestOf('another effect'), mandateHash: hash })).toMatchObject({
      kind: 'indeterminate',
    });
  });
});
