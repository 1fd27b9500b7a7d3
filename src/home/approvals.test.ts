import { describe, expect, it } from 'vitest';
import { verifyDigestSignature } from '../adapters/authority/signature';
import { approvalDigestFor, type ApprovalRequestFile } from '../protocol/approval-exchange';
import { digestOf } from '../protocol/digest';
import type { Requirement } from '../protocol/harness-reply';
import { hash } from '../vault/testing/open';
import { testHome } from './testing/test-home';

const PASS = 'demo passphrase for tests';
const args = { amount: '40', recipient: '0x3333333333333333333333333333333333333333' };

function requestFor(delegator: `0x${string}`, approvers: `0x${string}`[]): ApprovalRequestFile {
  const binding = {
    planDigest: hash(1),
    stepRef: 's1',
    argsDigest: digestOf(args),
    ontologyDigest: hash(3),
    playbookDigest: hash(4),
    capabilityId: 'payment.usdc.send',
  };
  const requirement: Requirement = {
    runRef: 'run-9',
    stepRef: 's1',
    toolId: 'payment.usdc.send',
    capability: 'payment.usdc.send',
    args,
    binding,
    bindingDigest: digestOf(binding),
    delegator,
    delegate: '0x2222222222222222222222222222222222222222',
    caveats: {
      calls: 1,
      notAfter: 1_900_000_000,
      token: 'usdc',
      maxAmount: '40000000',
      recipient: args.recipient as `0x${string}`,
    },
    risk: 'high',
    derivation: { words: 'pay 40 usdc', argSources: { amount: 'words' } },
  };
  return {
    kind: 'home-agent/approval-request',
    v: 1,
    runRef: 'run-9',
    resumeToken: hash(8),
    approvalDigest: approvalDigestFor(requirement),
    approvers,
    quorum: 1,
    have: [],
    requirement,
    requester: { address: delegator, label: 'Someone' },
    text: 'Please approve.',
  };
}

describe("the Home: co-signing another person's approval request", () => {
  it('signs with the agent this Home holds among the approvers; the signature verifies on chain', async () => {
    const t = await testHome();
    await t.call({ type: 'home.demo.load', passphrase: PASS });
    const org = (await t.vault.agents.list('organization')).rows[0]!.address;
    const request = requestFor('0x1111111111111111111111111111111111111111', [
      '0x4444444444444444444444444444444444444444',
      org,
    ]);
    const cosigned = await t.call<{ approver: string; signature: `0x${string}`; approvalDigest: `0x${string}` }>({
      type: 'home.approval.cosign',
      request,
    });
    expect(cosigned).toMatchObject({
      kind: 'home-agent/co-signature',
      runRef: 'run-9',
      approvalDigest: request.approvalDigest,
    });
    expect(cosigned.approver.toLowerCase()).toBe(org);
    const chain = await t.home.chain();
    expect(
      await verifyDigestSignature(chain, {
        signer: org,
        digest: request.approvalDigest,
        signature: cosigned.signature,
        purpose: 'approval',
      }),
    ).toEqual({ ok: true });
    // The same signature does not approve another digest.
    expect(
      (
        await verifyDigestSignature(chain, {
          signer: org,
          digest: hash(5),
          signature: cosigned.signature,
          purpose: 'approval',
        })
      ).ok,
    ).toBe(false);
  }, 60_000);

  it('refuses an altered request, a request for others, and while locked', async () => {
    const t = await testHome();
    await t.call({ type: 'home.demo.load', passphrase: PASS });
    const org = (await t.vault.agents.list('organization')).rows[0]!.address;
    const altered = { ...requestFor('0x1111111111111111111111111111111111111111', [org]), approvalDigest: hash(6) };
    expect(await t.send({ type: 'home.approval.cosign', request: altered })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REQUEST_ALTERED' },
    });
    expect(
      await t.send({
        type: 'home.approval.cosign',
        request: requestFor('0x1111111111111111111111111111111111111111', [
          '0x4444444444444444444444444444444444444444',
        ]),
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_AN_APPROVER' } });
    await t.call({ type: 'home.lock' });
    expect(
      await t.send({
        type: 'home.approval.cosign',
        request: requestFor('0x1111111111111111111111111111111111111111', [org]),
      }),
    ).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
  }, 60_000);
});
