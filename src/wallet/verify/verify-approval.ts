import { isAddressEqual, type Address, type Hex } from 'viem';
import { Approval } from '../../protocol/delegation';
import { describeZodError } from '../../protocol/errors';
import type { WalletChain } from '../chain/wallet-chain';
import { APPROVAL_KIND } from '../sign/approval';
import { homePayloadHash } from '../sign/home-typed-data';
import { CLOCK_SKEW } from './verify-caller-assertion';
import { refuse, type Verdict, guarded } from './verdict';
import { verifyAccountSignature } from './verify-account-signature';

/** Fresh authorization (DESIGN §10): an approval signed within five minutes of the check. */
export const APPROVAL_FRESHNESS = 300;

export type VerifyApprovalParameters = {
  approval: unknown;
  approvalDigest: Hex;
  now: number;
  /** The account the approval is presented as coming from (must be the signed approver). */
  presentedFor?: Address;
  /** Who may approve (the ontology's approver set, as addresses). */
  approvers?: readonly Address[];
};

/** One approval: shape, chain, approver, digest, freshness, then the approver's signature (ERC-1271 / ERC-6492). */
export async function verifyApproval(
  chain: WalletChain,
  p: VerifyApprovalParameters,
): Promise<Verdict<{ approver: Address }>> {
  return guarded('approval', () => _verifyApproval(chain, p));
}

async function _verifyApproval(
  chain: WalletChain,
  p: VerifyApprovalParameters,
): Promise<Verdict<{ approver: Address }>> {
  const parsed = Approval.safeParse(p.approval);
  if (!parsed.success) return refuse('BAD_INPUT', describeZodError(parsed.error));
  const { payload, signature } = parsed.data;
  const approver = payload.approver as Address;
  if (payload.chainId !== chain.chainId)
    return refuse('WRONG_CHAIN', `This approval was signed for chain ${payload.chainId}, not this chain.`);
  if (p.presentedFor !== undefined && !isAddressEqual(approver, p.presentedFor)) {
    return refuse('WRONG_ACCOUNT', `This approval was signed as ${approver}, not as ${p.presentedFor}.`);
  }
  if (p.approvers !== undefined && !p.approvers.some((a) => isAddressEqual(a, approver))) {
    return refuse('WRONG_ACCOUNT', `${approver} is not among the approvers of this act.`);
  }
  if (payload.approvalDigest.toLowerCase() !== p.approvalDigest.toLowerCase())
    return refuse('BINDING_MISMATCH', 'This approval was given for something else.');
  if (payload.iat > p.now + CLOCK_SKEW) return refuse('NOT_YET_VALID', 'This approval is dated in the future.');
  if (p.now - payload.iat > APPROVAL_FRESHNESS)
    return refuse('NOT_FRESH', 'This approval is more than five minutes old; ask for a fresh one.');
  const verified = await verifyAccountSignature(chain, {
    account: approver,
    hash: homePayloadHash(APPROVAL_KIND, payload, chain.chainId, approver),
    signature: signature as Hex,
  });
  if (!verified.ok) return verified;
  return { ok: true, approver };
}
