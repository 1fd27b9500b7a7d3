import { describe, expect, it } from 'vitest';
import { approvalDigestOf } from '../harness';
import { approvalDigestFor, approvalLink, readApprovalRequest, type ApprovalRequestFile } from './approval-exchange';
import { digestOf } from './digest';
import { EXTENSION_ID } from './extension-id';
import type { Requirement } from './harness-reply';

const A = (n: number) => `0x${String(n).repeat(40)}` as `0x${string}`;
const D = (n: number) => `0x${String(n).repeat(64)}` as `0x${string}`;
const args = { amount: '40' };
const binding = {
  planDigest: D(1),
  stepRef: 's1',
  argsDigest: digestOf(args),
  ontologyDigest: D(3),
  playbookDigest: D(4),
  capabilityId: 'payment.usdc.send',
};
const requirement: Requirement = {
  runRef: 'run-7',
  stepRef: 's1',
  toolId: 'payment.usdc.send',
  capability: 'payment.usdc.send',
  args,
  binding,
  bindingDigest: digestOf(binding),
  delegator: A(1),
  delegate: A(2),
  caveats: { calls: 1, notAfter: 1_800_000_000, token: 'usdc', maxAmount: '40000000', recipient: A(3) },
  risk: 'high',
  derivation: { words: 'pay bob 40 usdc', argSources: { amount: 'words' } },
};
const request: ApprovalRequestFile = {
  kind: 'home-agent/approval-request',
  v: 1,
  runRef: 'run-7',
  resumeToken: D(8),
  approvalDigest: approvalDigestFor(requirement),
  approvers: [A(4)],
  quorum: 1,
  have: [],
  requirement,
  requester: { address: A(1), label: 'Alice Okoro' },
  text: 'Alice asks you to approve a payment of 40 USDC to Bob.',
};

describe('the approval exchange', () => {
  it('computes the approval digest exactly as the harness does', () => {
    expect(approvalDigestFor(requirement)).toBe(approvalDigestOf(requirement));
  });

  it('travels as a link to the pinned extension id and reads back identical', () => {
    const link = approvalLink(request);
    expect(link.startsWith(`chrome-extension://${EXTENSION_ID}/popup.html#approve=`)).toBe(true);
    expect(readApprovalRequest(link)).toEqual({ ok: true, request });
    expect(readApprovalRequest(JSON.stringify(request))).toEqual({ ok: true, request });
  });

  it('refuses a request whose shown bytes do not give its digest', () => {
    const moreMoney = {
      ...request,
      requirement: { ...requirement, caveats: { ...requirement.caveats, maxAmount: '4000000000' } },
    };
    // Caveats are not in the approval digest; the approver is shown the bound arguments, not the caveats.
    expect(readApprovalRequest(JSON.stringify(moreMoney))).toMatchObject({ ok: true });
    const otherArgs = { ...request, requirement: { ...requirement, args: { amount: '4000' } } };
    expect(readApprovalRequest(JSON.stringify(otherArgs))).toEqual({
      ok: false,
      message: 'The request’s details do not match what it binds; it was altered.',
    });
    const otherBinding = { ...request, requirement: { ...requirement, binding: { ...binding, argsDigest: D(9) } } };
    expect(readApprovalRequest(JSON.stringify(otherBinding))).toEqual({
      ok: false,
      message: 'The request’s intent does not match its own digest; it was altered.',
    });
    const otherDigest = { ...request, approvalDigest: D(6) };
    expect(readApprovalRequest(JSON.stringify(otherDigest))).toMatchObject({
      ok: false,
      message: expect.stringContaining('approval digest'),
    });
    expect(readApprovalRequest('#approve=@@@')).toMatchObject({ ok: false });
    expect(readApprovalRequest('{"kind":"x"}')).toMatchObject({ ok: false });
  });

  it('reads a link made before the move to @scure/base (the same base64url, unpadded), non-ASCII words included', () => {
    const withAccents = { ...request, requester: { ...request.requester, label: 'Alice Okoro — “ça va”' } };
    const oldEncoding = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(withAccents))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const oldLink = `chrome-extension://${EXTENSION_ID}/popup.html#approve=${oldEncoding}`;
    expect(approvalLink(withAccents)).toBe(oldLink);
    expect(readApprovalRequest(oldLink)).toEqual({ ok: true, request: withAccents });
    expect(readApprovalRequest(`${oldLink}!`)).toMatchObject({ ok: false });
  });
});
