import type { Hex, LocalAccount } from 'viem';
import type { Approval, ApprovalPayload } from '../../protocol/delegation';
import type { SmartAgent } from '../accounts/smart-agent';
import { homePayloadTypedData } from './home-typed-data';
import { signTypedDataAsAgent } from './sign-as-agent';

export const APPROVAL_KIND = 'home-agent/approval';

/**
 * A second party's approval of an approval digest (DESIGN §3): signed by their Smart Agent at `iat` (seconds), the
 * approver's address and the chain inside what is signed.
 */
export async function signApproval(p: {
  owner: LocalAccount;
  agent: SmartAgent;
  approvalDigest: Hex;
  iat: number;
  chainId: number;
}): Promise<Approval> {
  const payload: ApprovalPayload = {
    type: 'home-agent/approval',
    version: 1,
    chainId: p.chainId,
    approvalDigest: p.approvalDigest,
    approver: p.agent.address,
    iat: p.iat,
  };
  const signature = await signTypedDataAsAgent(
    p.owner,
    p.agent,
    homePayloadTypedData(APPROVAL_KIND, payload, p.chainId, p.agent.address),
  );
  return { payload, signature };
}
