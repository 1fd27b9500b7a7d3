import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { signDigestAsAgent } from '../adapters/authority/signature';
import type { Supplied } from '../protocol/ask';
import { DEMO_PEOPLE, type DemoPersonId } from '../protocol/demo-identities';
import { smartAgentOf, type SmartAgent, type WalletChain } from '../wallet';

/**
 * A second party's approval (DESIGN §3: high risk needs a co-signer, critical a quorum): their own Smart Agent's
 * signature over the approval digest the signature prompt showed, made in *their* Home Agent with *their* key and
 * carried back to the person's run as a `supplied` answer. This Home never signs on anyone else's behalf; the
 * harness verifies the signature (ERC-1271 / ERC-6492) and then verifies the mandate again.
 */
export async function approveAs(
  chain: WalletChain,
  p: { ownerKey: Hex; agent: SmartAgent; approvalDigest: Hex; resumeToken: Hex },
): Promise<Extract<Supplied, { kind: 'approval' }>> {
  const signature = await signDigestAsAgent(
    privateKeyToAccount(p.ownerKey),
    p.agent,
    'approval',
    p.approvalDigest,
    chain.chainId,
  );
  return { kind: 'approval', resumeToken: p.resumeToken, approver: p.agent.address, signature };
}

/**
 * The same, as a demo identity's own Home would sign it (tests and the command-line demo only: the demo keys are
 * public). `withKeyOf` signs with someone else's key for the same account — a forgery, which must be refused.
 */
export async function demoApproval(
  chain: WalletChain,
  p: { approver: DemoPersonId; approvalDigest: Hex; resumeToken: Hex; withKeyOf?: DemoPersonId },
): Promise<Extract<Supplied, { kind: 'approval' }>> {
  const person = DEMO_PEOPLE[p.approver];
  const agent = await smartAgentOf(person.ownerAddress, person.salt);
  const key = DEMO_PEOPLE[p.withKeyOf ?? p.approver];
  // A forger signs as the approver's account with their own key: the account's owner check is theirs to fail.
  const signer = p.withKeyOf === undefined ? agent : { ...agent, owner: key.ownerAddress };
  return approveAs(chain, {
    ownerKey: key.privateKey,
    agent: signer,
    approvalDigest: p.approvalDigest,
    resumeToken: p.resumeToken,
  });
}
