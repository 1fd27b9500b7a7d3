import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { expectKind, replyOf } from '../harness/testing/scenario';
import { throwingModel } from '../harness/testing/scripted-model';
import { Mandate } from '../protocol/delegation';
import { isDeployed, verifyMandate } from '../wallet';
import { revokeOnChain } from './grants';
import { realWorld } from './testing/real-world';

/**
 * What only real parts can show (beyond the shared scenarios): that a mandate verifies by ERC-1271 on a deployed
 * account and a co-signature by ERC-6492 on a counterfactual one; that a `disableDelegation` made on chain alone —
 * as from another device, the vault's row untouched — refuses the next use, and the DelegationManager itself
 * refuses the redemption; that a revocation survives a restart of the chain from the vault's snapshot; that an
 * altered mandate row is refused; and that the chain refuses a payment the payer cannot cover, in words.
 */
const world = () => realWorld({ model: throwingModel() });
const now = (w: Awaited<ReturnType<typeof world>>) => Math.floor(w.harness().context.clock.now() / 1000);

describe('the harness on the real vault and the embedded chain', () => {
  it('5.2’s mandate is a MetaMask delegation from Missio Nexus’s deployed Smart Agent, verified by ERC-1271', async () => {
    const w = await world();
    expect(await isDeployed(w.chain(), w.who.missio)).toBe(true);
    const required = expectKind(
      replyOf(await w.ask({ message: 'Can you get david added to Missio Nexus?' })),
      'authority_required',
    );
    const signed = await w.sign(required.requirement, 'alice');
    expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'done');
    const row = await w.parts.vault.mandates.get(signed.kind === 'mandate' ? signed.mandateHash : '0x');
    const mandate = Mandate.parse(row!.delegation);
    expect(mandate.delegation.delegator.toLowerCase()).toBe(w.who.missio.toLowerCase());
    expect(mandate.delegation.delegate.toLowerCase()).toBe(w.who.harnessAgent.toLowerCase());
    expect(mandate.scope.binding).toEqual(required.requirement.binding);
    expect(row!.uses).toBe(1);
    // The wallet's own verifier (ERC-1271 because the account has code), with the binding it must carry.
    const verdict = await verifyMandate(w.chain(), {
      mandate,
      now: now(w),
      delegate: w.who.harnessAgent,
      binding: required.requirement.binding,
      usesSoFar: 0,
    });
    expect(verdict.ok).toBe(true);
  });

  it('a co-signer who never deployed their account signs by ERC-6492, and the payment then moves once', async () => {
    const w = await world();
    expect(await isDeployed(w.chain(), w.who.bob)).toBe(false);
    const required = expectKind(
      replyOf(await w.ask({ message: 'Send 500 USDC to nathan.treasury for the roof.' })),
      'authority_required',
    );
    const prompt = expectKind(
      replyOf(await w.ask({ runRef: required.runRef, supplied: [await w.sign(required.requirement, 'alice')] })),
      'prompt',
    );
    const digest = prompt.prompt.kind === 'signature' ? prompt.prompt.approvalDigest : '0x';
    const approval = await w.approve(prompt.resumeToken, digest as Hex, 'bob');
    expect(
      approval.kind === 'approval' &&
        approval.signature.endsWith('6492649264926492649264926492649264926492649264926492649264926492'),
    ).toBe(true);
    expect(
      await w.harness().context.authority.verifySignature({
        signer: w.who.bob,
        digest: digest as Hex,
        signature: approval.kind === 'approval' ? approval.signature : '0x',
        purpose: 'approval',
      }),
    ).toEqual({ ok: true });
    // The same signature is not Alice's approval: signatures are bound to the account.
    expect(
      (
        await w.harness().context.authority.verifySignature({
          signer: w.who.alice,
          digest: digest as Hex,
          signature: approval.kind === 'approval' ? approval.signature : '0x',
          purpose: 'approval',
        })
      ).ok,
    ).toBe(false);
    // Nor is it a caller assertion: the purpose is inside what was signed.
    expect(
      (
        await w.harness().context.authority.verifySignature({
          signer: w.who.bob,
          digest: digest as Hex,
          signature: approval.kind === 'approval' ? approval.signature : '0x',
          purpose: 'caller-assertion',
        })
      ).ok,
    ).toBe(false);
    expectKind(replyOf(await w.ask({ runRef: prompt.runRef, supplied: [approval] })), 'done');
  });

  it('a disableDelegation made on chain alone refuses the next use in words, and the DelegationManager refuses the redemption', async () => {
    const w = await world();
    const nathan = await w.usdc(w.who.nathan);
    const required = expectKind(
      replyOf(await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' })),
      'authority_required',
    );
    const signed = await w.sign(required.requirement, 'alice');
    const hash = signed.kind === 'mandate' ? signed.mandateHash : '0x';
    const row = await w.parts.vault.mandates.get(hash);
    await revokeOnChain(w.agent(), Mandate.parse(row!.delegation).delegation);
    expect((await w.parts.vault.mandates.get(hash))!.status).toBe('active');
    const refused = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'refused');
    expect(refused.error.code).toBe('MANDATE_REVOKED');
    expect(refused.error.message).toMatch(/revoked by 0x/);
    const direct = await w.harness().context.chain.redeemTransfer({
      mandateHash: hash as Hex,
      token: 'usdc',
      to: w.who.nathan,
      amount: '2000000',
      effectKey: ('0x' + '11'.repeat(32)) as Hex,
    });
    expect(direct).toMatchObject({ status: 'refused', code: 'PAYMENT_REVOKED' });
    expect(await w.usdc(w.who.nathan)).toBe(nathan);
  });

  it('a revocation survives restarting the chain from the vault’s snapshot', async () => {
    const w = await world();
    const required = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
    const signed = await w.sign(required.requirement, 'alice');
    await w.revoke(signed.kind === 'mandate' ? signed.mandateHash : '0x');
    const before = w.chain();
    w.restart();
    const refused = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'refused');
    expect(w.chain()).not.toBe(before);
    expect(w.chain().restored).toBe(true);
    expect(refused.error).toMatchObject({ code: 'MANDATE_REVOKED' });
    expect(refused.error.message).toMatch(/revoked by 0x/);
  });

  it('a mandate row altered in the vault (another recipient) is refused before anything moves', async () => {
    const w = await world();
    const nathan = await w.usdc(w.who.nathan);
    const required = expectKind(
      replyOf(await w.ask({ message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.' })),
      'authority_required',
    );
    const signed = await w.sign(required.requirement, 'alice');
    const hash = signed.kind === 'mandate' ? signed.mandateHash : '0x';
    const raw = (await w.parts.vault.db.mandates.get(hash))!;
    const mandate = Mandate.parse(raw.delegation);
    const erc20 = mandate.scope.act.kind === 'chain' ? mandate.scope.act.erc20! : null;
    await w.parts.vault.db.mandates.put({
      ...raw,
      delegation: {
        ...mandate,
        scope: { ...mandate.scope, act: { ...mandate.scope.act, erc20: { ...erc20!, recipient: w.who.bob } } },
      },
    });
    const refused = expectKind(replyOf(await w.ask({ runRef: required.runRef, supplied: [signed] })), 'refused');
    expect(refused.error.code).toBe('MANDATE_BINDING_MISMATCH');
    expect(refused.error.message).toMatch(/not what was signed/);
    expect(await w.usdc(w.who.nathan)).toBe(nathan);
  });

  it('a payment the payer cannot cover is refused by the chain’s simulation, in words, with nothing sent', async () => {
    const w = await world();
    await w.setThreshold(w.who.alice, '10000');
    const nonce = await w.harnessNonce();
    const required = expectKind(
      replyOf(await w.ask({ message: 'Send 2000 USDC to nathan.treasury for the hall.' })),
      'authority_required',
    );
    expect(required.requirement.risk).toBe('medium');
    const refused = expectKind(
      replyOf(await w.ask({ runRef: required.runRef, supplied: [await w.sign(required.requirement, 'alice')] })),
      'refused',
    );
    expect(refused.error.code).toBe('PAYMENT_REFUSED');
    expect(refused.error.message).toMatch(/does not hold enough/);
    expect(await w.harnessNonce()).toBe(nonce);
  });
});
