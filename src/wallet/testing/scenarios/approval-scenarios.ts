import { parseAbi, type Hex } from 'viem';
import { readContract } from 'viem/actions';
import { verifySiweMessage } from 'viem/siwe';
import { expect, it } from 'vitest';
import { digestOf } from '../../../protocol/digest';
import { deploySmartAgent } from '../../accounts/deploy-smart-agent';
import { signApproval } from '../../sign/approval';
import { createSignIn } from '../../siwe/create-sign-in';
import { verifySignIn } from '../../siwe/verify-sign-in';
import { verifyApproval } from '../../verify/verify-approval';
import { verifyQuorum } from '../../verify/verify-quorum';
import type { Testbed } from '../testbed';

const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);

/** Second-party approvals (fresh, quorum, bound to the approver's account) and SIWE sign-ins. */
export function approvalScenarios(bed: () => Testbed): void {
  it("binds an approval to its account: Alice's approval is refused when presented as Missio Nexus's", async () => {
    const b = bed();
    const approvalDigest = digestOf({ approve: 'treasury transfer', n: b.now() });
    const approval = await signApproval({
      owner: b.alice.owner,
      agent: b.alice.agent,
      approvalDigest,
      iat: b.now(),
      chainId: b.chain.chainId,
    });
    expect(
      await verifyApproval(b.chain, { approval, approvalDigest, now: b.now(), presentedFor: b.alice.agent.address }),
    ).toMatchObject({ ok: true });
    expect(
      await verifyApproval(b.chain, { approval, approvalDigest, now: b.now(), presentedFor: b.missio.agent.address }),
    ).toMatchObject({ ok: false, code: 'WRONG_ACCOUNT' });
    const relabelled = { ...approval, payload: { ...approval.payload, approver: b.missio.agent.address } };
    expect(
      await verifyApproval(b.chain, {
        approval: relabelled,
        approvalDigest,
        now: b.now(),
        presentedFor: b.missio.agent.address,
      }),
    ).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    // Why the binding is needed: Missio's account itself accepts any hash Alice's key signed.
    await deploySmartAgent(b.chain, b.missio.agent, b.harness);
    const rawHash = digestOf('any hash at all');
    const raw = await b.alice.owner.sign!({ hash: rawHash });
    expect(
      await readContract(b.chain.client, {
        address: b.missio.agent.address,
        abi: erc1271,
        functionName: 'isValidSignature',
        args: [rawHash, raw],
      }),
    ).toBe('0x1626ba7e');
  });

  it('requires fresh approvals from distinct approvers up to the quorum', async () => {
    const b = bed();
    const approvalDigest = digestOf({ approve: 'pay 900 USDC', n: b.now() });
    const sign = (p = b.bob, iat = b.now()) =>
      signApproval({ owner: p.owner, agent: p.agent, approvalDigest, iat, chainId: b.chain.chainId });
    const approvers = [b.bob.agent.address, b.carol.agent.address];
    const quorum = (approvals: unknown[]) =>
      verifyQuorum(b.chain, { approvals, approvalDigest, approvers, quorum: 2, now: b.now() });
    const bob = await sign();
    expect(
      await verifyApproval(b.chain, { approval: await sign(b.bob, b.now() - 301), approvalDigest, now: b.now() }),
    ).toMatchObject({ ok: false, code: 'NOT_FRESH' });
    expect(
      await verifyApproval(b.chain, { approval: bob, approvalDigest: digestOf('other'), now: b.now() }),
    ).toMatchObject({ ok: false, code: 'BINDING_MISMATCH' });
    expect(await quorum([bob, bob])).toMatchObject({ ok: false, code: 'QUORUM_NOT_MET' });
    expect(await quorum([bob, await sign(b.stranger)])).toMatchObject({ ok: false, code: 'QUORUM_NOT_MET' });
    expect(await quorum([bob, { garbage: true }, await sign(b.carol)])).toMatchObject({
      ok: true,
      approvedBy: approvers,
    });
  });

  it('signs in with SIWE (ERC-6492 wrapped) and refuses another domain, nonce, chain, an expired or altered message', async () => {
    const b = bed();
    const fresh = await b.freshAgent('dave');
    const nonce = `n${b.now()}abcdef`;
    const issuedAt = new Date(Date.now() - 1000);
    const proof = await createSignIn({
      owner: fresh.owner,
      agent: fresh.agent,
      chainId: b.chain.chainId,
      domain: '127.0.0.1:8787',
      uri: 'http://127.0.0.1:8787/',
      nonce,
      issuedAt,
      expirationTime: new Date(Date.now() + 600_000),
    });
    const check = (p: unknown, extra: Partial<Parameters<typeof verifySignIn>[1]> = {}) =>
      verifySignIn(b.chain, { proof: p, domain: '127.0.0.1:8787', nonce, now: new Date(), ...extra });
    expect(await check(proof)).toMatchObject({ ok: true, address: fresh.agent.address });
    expect(await verifySiweMessage(b.chain.client, { message: proof.message, signature: proof.signature as Hex })).toBe(
      true,
    );
    expect(await check(proof, { domain: 'evil.example' })).toMatchObject({ ok: false, code: 'WRONG_ORIGIN' });
    expect(await check(proof, { nonce: 'othernonce1' })).toMatchObject({ ok: false, code: 'NONCE_REUSED' });
    expect(await check(proof, { now: new Date(Date.now() + 700_000) })).toMatchObject({ ok: false, code: 'EXPIRED' });
    expect(await check(proof, { address: b.alice.agent.address })).toMatchObject({ ok: false, code: 'WRONG_ACCOUNT' });
    expect(await check({ ...proof, message: proof.message.replace('Chain ID: 31337', 'Chain ID: 1') })).toMatchObject({
      ok: false,
      code: 'WRONG_CHAIN',
    });
    expect(
      await check({ ...proof, message: proof.message.replace(fresh.agent.address, b.alice.agent.address) }),
    ).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
  });
}
