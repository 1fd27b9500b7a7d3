import type { Hex } from 'viem';
import type { Requirement } from '../../protocol/harness-reply';
import type { HarnessContext } from '../kernel/context';
import type { Capability, Risk } from '../kernel/ontology-view';
import type { Address } from '../kernel/ports';
import { approvalDigestOf, usdcUnits } from './requirement';

/**
 * The risk ladder (seed 001 step 8.3, DESIGN §10): the capability and its risk come from the tool's declaration,
 * never from the plan. high → approval by the declared approver set; critical → a quorum of approvers and a fresh
 * authorization (the mandate signed within freshSeconds of execution). An approval is a signature of another
 * person's Smart Agent over the approval digest, verified like any signature — and after it, the mandate verifier
 * runs again: "an approval is an input to the verifier, not a bypass of it".
 */
/**
 * The step's risk: the declared risk, or — for a capability with a threshold setting (payment.usdc.send) — the
 * declared risk above the person's threshold and `riskBelowThreshold` at or below it. The threshold is the person's
 * setting, else the ontology's default. An amount or threshold that cannot be read counts as above: fail closed.
 */
export async function riskOf(
  ctx: HarnessContext,
  capability: Capability,
  args: Record<string, unknown>,
  asker: Address,
): Promise<Risk> {
  if (capability.thresholdSetting === undefined || capability.riskBelowThreshold === undefined) return capability.risk;
  const amount = usdcUnits(args.amount);
  const setting =
    (await ctx.vault.payments.highRiskThreshold(asker)) ??
    ctx.ontology.settings[capability.thresholdSetting]?.defaultValue ??
    null;
  const threshold = setting === null ? null : usdcUnits(setting);
  if (amount === null || threshold === null || amount > threshold) return capability.risk;
  return capability.riskBelowThreshold;
}

export type Approval = { approver: Address; signature: Hex };

export type LadderOutcome =
  | { kind: 'none' }
  | { kind: 'discharged'; obligations: string[] }
  | {
      kind: 'approval-required';
      approvalDigest: Hex;
      approvers: Address[];
      quorum: number;
      have: Address[];
      obligations: string[];
    }
  | { kind: 'fresh-required'; obligations: string[] }
  | { kind: 'deny'; code: string; reason: string };

export async function applyLadder(
  ctx: HarnessContext,
  input: {
    capability: Capability;
    risk: Risk;
    requirement: Requirement;
    asker: Address;
    approvals: readonly Approval[];
    issuedAt: number;
    nowSeconds: number;
  },
): Promise<LadderOutcome> {
  const { capability, risk, requirement } = input;
  if (risk !== 'high' && risk !== 'critical') return { kind: 'none' };
  const obligations =
    risk === 'high' ? ['second-party-approval'] : ['second-party-approval', 'quorum', 'fresh-authorization'];
  const role = capability.approverRole;
  if (role === undefined)
    return {
      kind: 'deny',
      code: 'NO_APPROVER_ROLE',
      reason: `${capability.label} is ${risk} risk but declares no approver role, so nobody can approve it.`,
    };
  const quorum = risk === 'critical' ? Math.max(2, capability.quorum ?? 2) : Math.max(1, capability.quorum ?? 1);
  const excluded = new Set([input.asker.toLowerCase(), requirement.delegator.toLowerCase()]);
  const approvers = (await ctx.vault.roles.holders(requirement.delegator, role)).filter(
    (a) => !excluded.has(a.toLowerCase()),
  );
  if (approvers.length < quorum) {
    return {
      kind: 'deny',
      code: 'NO_APPROVERS',
      reason: `This needs ${quorum} approval${quorum > 1 ? 's' : ''} from a ${role}, and only ${approvers.length} other ${approvers.length === 1 ? 'person holds' : 'people hold'} that role.`,
    };
  }
  const approvalDigest = approvalDigestOf(requirement);
  const have: Address[] = [];
  for (const a of input.approvals) {
    if (!approvers.some((x) => x.toLowerCase() === a.approver.toLowerCase())) {
      return {
        kind: 'deny',
        code: 'APPROVER_NOT_DECLARED',
        reason: `${a.approver} does not hold the ${role} role, so their signature cannot approve this.`,
      };
    }
    const verdict = await ctx.authority.verifySignature({
      signer: a.approver,
      digest: approvalDigest,
      signature: a.signature,
      purpose: 'approval',
    });
    if (!verdict.ok)
      return {
        kind: 'deny',
        code: 'APPROVAL_FORGED',
        reason: `The co-signature presented for ${a.approver} does not verify (${verdict.reason}); nothing was done.`,
      };
    if (!have.some((h) => h.toLowerCase() === a.approver.toLowerCase())) have.push(a.approver);
  }
  if (have.length < quorum) return { kind: 'approval-required', approvalDigest, approvers, quorum, have, obligations };
  if (risk === 'critical') {
    const fresh = capability.freshSeconds ?? 300;
    if (input.nowSeconds - input.issuedAt > fresh) return { kind: 'fresh-required', obligations };
  }
  return { kind: 'discharged', obligations };
}
