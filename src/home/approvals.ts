import type { Hex } from 'viem';
import { approveAs } from '../agent/approvals';
import { approvalRequestProblem, type ApprovalRequestFile } from '../protocol/approval-exchange';
import { HomeError } from '../protocol/errors';
import { smartAgentOf } from '../wallet';
import type { HomeServices } from './services';
import { ownerKeyRow } from './status';

/**
 * The approver's side of a second-party approval: this Home's agent named among the approvers co-signs the approval
 * digest — recomputed here from the request's own requirement, never taken from the file on trust — with this
 * Home's unlocked key. The co-signature goes back to the requester as a file; their harness verifies it.
 */
export async function cosignApproval(services: HomeServices, request: ApprovalRequestFile) {
  const problem = approvalRequestProblem(request);
  if (problem !== undefined) throw new HomeError('APPROVAL_REQUEST_ALTERED', problem);
  const { vault, keyring, chain } = services;
  const owner = await ownerKeyRow(vault);
  const held = (await vault.agents.list()).rows.filter(
    (a) => a.kind !== 'harness' && a.ownerAddress === owner?.address && a.salt !== undefined,
  );
  const approver = held.find((a) => request.approvers.some((x) => x.toLowerCase() === a.address));
  if (approver === undefined || approver.salt === undefined)
    throw new HomeError('NOT_AN_APPROVER', 'None of the agents in this Home is asked to approve this request.');
  if (request.have.some((x) => x.toLowerCase() === approver.address))
    throw new HomeError('ALREADY_APPROVED', `${approver.label} has already approved this request.`);
  const ownerKey = await keyring.privateKeyOf('owner');
  if (ownerKey === undefined)
    throw new HomeError('LOCKED', 'Unlock your Home first: an approval is signed with your key.');
  const agent = await smartAgentOf(approver.ownerAddress as Hex, approver.salt);
  const supplied = await approveAs(await chain(), {
    ownerKey,
    agent,
    approvalDigest: request.approvalDigest,
    resumeToken: request.resumeToken,
  });
  return {
    kind: 'home-agent/co-signature' as const,
    v: 1 as const,
    runRef: request.runRef,
    resumeToken: request.resumeToken,
    approvalDigest: request.approvalDigest,
    approver: supplied.approver,
    signature: supplied.signature,
  };
}
