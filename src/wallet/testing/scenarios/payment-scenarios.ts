import { parseErc6492Signature, serializeErc6492Signature, type Hex } from 'viem';
import { expect, it } from 'vitest';
import { isDeployed } from '../../accounts/is-deployed';
import { PreparedRedemption as PreparedRedemptionSchema, type Mandate } from '../../../protocol/delegation';
import { offChainMandateScope } from '../../mandates/scope';
import { signScopedDelegation } from '../../delegations/sign-scoped-delegation';
import { sendFromLocalAccount } from '../../chain/send-transaction';
import { payWithMandate } from '../../redeem/pay-with-mandate';
import { prepareRedemption, type PreparedRedemption } from '../../redeem/prepare-redemption';
import { reconcileRedemption } from '../../redeem/reconcile-redemption';
import { submitRedemption } from '../../redeem/submit-redemption';
import { revokeDelegation } from '../../revoke/revoke-delegation';
import { usdcBalanceOf, usdcTransferCall } from '../../tokens/usdc';
import { readRevoked } from '../../verify/read-revoked';
import { verifyMandate } from '../../mandates/verify';
import { paymentMandateToBob } from '../payment-mandate-to-bob';
import type { Party, Testbed } from '../testbed';

/** Revocation on chain, USDC payments redeemed through the DelegationManager, and reconcile after a crash. */
export function paymentScenarios(bed: () => Testbed): void {
  const payment = (b: Testbed, maxAmount: bigint, stepRef: string, payer: Party = b.alice): Promise<Mandate> =>
    paymentMandateToBob(b, { capability: 'payments.send', stepRef, maxAmount, payer });
  const record = async () => undefined;

  it('revokes a delegation as the account (a user operation; deploys a counterfactual account) and reads it back', async () => {
    const b = bed();
    const fresh = await b.freshAgent('carol');
    const mandate = await signScopedDelegation(b.chain, {
      owner: fresh.owner,
      agent: fresh.agent,
      delegate: b.harness.address,
      scope: offChainMandateScope({
        chainId: b.chain.chainId,
        binding: b.binding('memory.write'),
        window: b.window(-60, 600),
      }),
    });
    const verify = () => verifyMandate(b.chain, { mandate, now: b.now(), delegate: b.harness.address, usesSoFar: 0 });
    expect((await verify()).ok).toBe(true);
    const revoked = await revokeDelegation(b.chain, {
      owner: fresh.owner,
      agent: fresh.agent,
      delegation: mandate.delegation,
      submitter: b.harness,
    });
    expect(revoked.alreadyRevoked).toBe(false);
    expect(await readRevoked(b.chain, revoked.delegationHash)).toEqual({ ok: true, revoked: true });
    // The signature is still valid; only the revocation refuses it.
    expect(await verify()).toMatchObject({ ok: false, code: 'REVOKED' });
    expect(
      (
        await revokeDelegation(b.chain, {
          owner: fresh.owner,
          agent: fresh.agent,
          delegation: mandate.delegation,
          submitter: b.harness,
        })
      ).alreadyRevoked,
    ).toBe(true);
    await expect(
      revokeDelegation(b.chain, {
        owner: b.stranger.owner,
        agent: b.stranger.agent,
        delegation: mandate.delegation,
        submitter: b.harness,
      }),
    ).rejects.toMatchObject({ code: 'WRONG_ACCOUNT' });
  });

  it('pays in USDC by redeeming the mandate; the chain enforces amount, recipient, calls and revocation', async () => {
    const b = bed();
    const mandate = await payment(b, 5_000_000n, `pay-${b.now()}`);
    const before = await usdcBalanceOf(b.chain, b.bob.agent.address);
    const over = await payWithMandate(b.chain, {
      mandate,
      recipient: b.bob.agent.address,
      amount: 6_000_000n,
      redeemer: b.harness,
      record,
    });
    expect(over).toMatchObject({ ok: false, code: 'CAVEAT_MISMATCH' });
    const elsewhere = await payWithMandate(b.chain, {
      mandate,
      recipient: b.stranger.agent.address,
      amount: 1_000_000n,
      redeemer: b.harness,
      record,
    });
    expect(elsewhere).toMatchObject({ ok: false, code: 'CAVEAT_MISMATCH' });
    const paid = await payWithMandate(b.chain, {
      mandate,
      recipient: b.bob.agent.address,
      amount: 5_000_000n,
      redeemer: b.harness,
      record,
    });
    expect(paid).toMatchObject({ ok: true });
    if (paid.ok) expect(paid.receipt.status).toBe('success');
    expect(await usdcBalanceOf(b.chain, b.bob.agent.address)).toBe(before + 5_000_000n);
    const again = await payWithMandate(b.chain, {
      mandate,
      recipient: b.bob.agent.address,
      amount: 1n,
      redeemer: b.harness,
      record,
    });
    expect(again).toMatchObject({ ok: false, code: 'CALLS_EXHAUSTED' });
    expect(
      await verifyMandate(b.chain, { mandate, now: b.now(), delegate: b.harness.address, usesSoFar: 0 }),
    ).toMatchObject({ ok: false, code: 'CALLS_EXHAUSTED' });

    const second = await payment(b, 1_000_000n, `pay-revoked-${b.now()}`);
    await revokeDelegation(b.chain, {
      owner: b.alice.owner,
      agent: b.alice.agent,
      delegation: second.delegation,
      submitter: b.harness,
    });
    expect(
      await payWithMandate(b.chain, {
        mandate: second,
        recipient: b.bob.agent.address,
        amount: 1n,
        redeemer: b.harness,
        record,
      }),
    ).toMatchObject({ ok: false, code: 'REVOKED' });
    const stranger = await prepareRedemption(b.chain, {
      mandate: second,
      execution: usdcTransferCall(b.chain, b.bob.agent.address, 1n),
      redeemer: b.stranger.owner,
    });
    expect(stranger).toMatchObject({ ok: false, code: 'WRONG_DELEGATE' });
  });

  it('deploys a counterfactual payer from its signature only through the framework factory, never any call it carries', async () => {
    const b = bed();
    const payer = await b.freshAgent('alice');
    const mandate = await payment(b, 1n, `wrapper-${b.now()}`, payer);
    const inner = parseErc6492Signature(mandate.delegation.signature as Hex).signature;
    const hostile = serializeErc6492Signature({
      address: b.chain.usdc!,
      data: usdcTransferCall(b.chain, b.stranger.owner.address, 1n).callData,
      signature: inner,
    });
    const nonce = await b.chain.client.getTransactionCount({ address: b.harness.address });
    const forged = { ...mandate, delegation: { ...mandate.delegation, signature: hostile } };
    expect(
      await prepareRedemption(b.chain, {
        mandate: forged,
        execution: usdcTransferCall(b.chain, b.bob.agent.address, 1n),
        redeemer: b.harness,
      }),
    ).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(await b.chain.client.getTransactionCount({ address: b.harness.address })).toBe(nonce);
    // The genuine wrapper deploys the payer, then the redemption is only refused for lack of funds.
    expect(
      await prepareRedemption(b.chain, {
        mandate,
        execution: usdcTransferCall(b.chain, b.bob.agent.address, 1n),
        redeemer: b.harness,
      }),
    ).toMatchObject({ ok: false, code: 'CAVEAT_MISMATCH' });
    expect(await isDeployed(b.chain, payer.agent.address)).toBe(true);
  });

  it('reconciles after a crash between recording and receipt, and never pays twice', async () => {
    const b = bed();
    const mandate = await payment(b, 2_000_000n, `reconcile-${b.now()}`);
    const records: PreparedRedemption[] = [];
    const ready = await prepareRedemption(b.chain, {
      mandate,
      execution: usdcTransferCall(b.chain, b.bob.agent.address, 2_000_000n),
      redeemer: b.harness,
    });
    if (!ready.ok) throw new Error(ready.message);
    records.push(PreparedRedemptionSchema.parse(JSON.parse(JSON.stringify(ready.prepared))) as PreparedRedemption); // what the vault stores
    // crash: never sent
    expect(await reconcileRedemption(b.chain, records[0]!)).toMatchObject({ state: 'not-sent', callsUsed: 0 });
    const before = await usdcBalanceOf(b.chain, b.bob.agent.address);
    const receipt = await submitRedemption(b.chain, records[0]!);
    expect(receipt.status).toBe('success');
    // crash after sending: reconcile finds the receipt; sending the same bytes again changes nothing
    expect(await reconcileRedemption(b.chain, records[0]!)).toMatchObject({
      state: 'mined',
      succeeded: true,
      callsUsed: 1,
    });
    const again = await submitRedemption(b.chain, records[0]!);
    expect(again.transactionHash).toBe(receipt.transactionHash);
    expect(await usdcBalanceOf(b.chain, b.bob.agent.address)).toBe(before + 2_000_000n);

    const other = await payment(b, 1_000_000n, `superseded-${b.now()}`);
    const lost = await prepareRedemption(b.chain, {
      mandate: other,
      execution: usdcTransferCall(b.chain, b.bob.agent.address, 1_000_000n),
      redeemer: b.harness,
    });
    if (!lost.ok) throw new Error(lost.message);
    await sendFromLocalAccount(b.chain, b.harness, { to: b.harness.address, value: 1n }); // the nonce goes to another transaction
    expect(await reconcileRedemption(b.chain, lost.prepared)).toMatchObject({ state: 'superseded', callsUsed: 0 });
  });
}
