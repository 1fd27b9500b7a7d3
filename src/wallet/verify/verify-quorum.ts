import type { Address, Hex } from 'viem';
import type { WalletChain } from '../chain/wallet-chain';
import { refuse, type Verdict, guarded } from './verdict';
import { verifyApproval } from './verify-approval';

export type VerifyQuorumParameters = {
  approvals: readonly unknown[];
  approvalDigest: Hex;
  approvers: readonly Address[];
  quorum: number;
  now: number;
};

/**
 * `quorum` distinct approvers from the set, each approval valid and fresh. An approval is an input to the verifier,
 * not a bypass: duplicates count once, invalid ones count zero, and the refusal says how many were valid.
 */
export async function verifyQuorum(
  chain: WalletChain,
  p: VerifyQuorumParameters,
): Promise<Verdict<{ approvedBy: Address[] }>> {
  return guarded('set of approvals', () => _verifyQuorum(chain, p));
}

async function _verifyQuorum(
  chain: WalletChain,
  p: VerifyQuorumParameters,
): Promise<Verdict<{ approvedBy: Address[] }>> {
  if (!Number.isInteger(p.quorum) || p.quorum < 1) return refuse('BAD_INPUT', 'A quorum is at least one approver.');
  const approvedBy: Address[] = [];
  const reasons: string[] = [];
  for (const approval of p.approvals.slice(0, 32)) {
    const verdict = await verifyApproval(chain, {
      approval,
      approvalDigest: p.approvalDigest,
      now: p.now,
      approvers: p.approvers,
    });
    if (!verdict.ok) reasons.push(verdict.message);
    else if (!approvedBy.some((a) => a.toLowerCase() === verdict.approver.toLowerCase()))
      approvedBy.push(verdict.approver);
  }
  if (approvedBy.length >= p.quorum) return { ok: true, approvedBy };
  const why = reasons.length > 0 ? ` (${reasons.slice(0, 2).join(' ')})` : '';
  return refuse(
    'QUORUM_NOT_MET',
    `${p.quorum} approval${p.quorum === 1 ? ' is' : 's are'} needed and ${approvedBy.length} valid one${approvedBy.length === 1 ? ' was' : 's were'} given${why}.`.slice(
      0,
      500,
    ),
  );
}
