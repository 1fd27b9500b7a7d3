import type { Hex } from 'viem';
import type { Requirement } from '../../protocol/harness-reply';
import type { HarnessContext } from '../kernel/context';
import type { Relation } from '../ground/reading';
import type { Address, MandateVerdict } from '../kernel/ports';
import type { Tool } from '../tools/tools';
import { applyLadder, riskOf, type Approval } from './ladder';
import { buildRequirement, usdcUnits, type RunBinding } from './requirement';
import { canGrant, relationOf } from './standing';

/**
 * Step 8 — authority, per step, never per run. Informational steps need none. A `selfAuthorized` write from the
 * person's own session into their own records is receipted as presentedRef: self (DESIGN §10; never through
 * ask-as-me). Everything else needs a mandate: the wallet verifies signature and revocation; the harness checks that
 * what was signed binds exactly this step (plan, args, versions, caveats); then the risk ladder. "Intelligence may be
 * probabilistic. Authority must not be." Fail closed: anything missing or unreadable is no.
 */
export type Standing = { relation: Relation; canGrant: boolean };

export type AuthorityDecision =
  | { kind: 'informational' }
  | { kind: 'self' }
  | { kind: 'allow'; requirement: Requirement; mandateHash: Hex; obligations: string[] }
  | { kind: 'authority-required'; requirement: Requirement; standing: Standing; fresh: boolean }
  | {
      kind: 'approval-required';
      requirement: Requirement;
      mandateHash: Hex;
      approvalDigest: Hex;
      approvers: Address[];
      quorum: number;
      have: Address[];
    }
  | { kind: 'deny'; code: string; reason: string; requirement: Requirement | null };

export type AuthorizeInput = {
  tool: Tool;
  args: Record<string, unknown>;
  argSources: Record<string, string>;
  stepRef: string;
  run: RunBinding;
  asker: Address;
  addressee: Address;
  door: 'session' | 'ask-as-me';
  suppliedMandate: Hex | null;
  approvals: readonly Approval[];
  /** The step's effect was already intended (a resume after a crash): the call it holds is its own. */
  executing: boolean;
};

export async function authorizeStep(ctx: HarnessContext, input: AuthorizeInput): Promise<AuthorityDecision> {
  const c = input.tool.capability;
  if (c.informational) return { kind: 'informational' };
  const risk = await riskOf(ctx, c, input.args, input.asker);
  const own = input.asker.toLowerCase() === input.addressee.toLowerCase();
  if (c.selfAuthorized && input.door === 'session' && own && risk === 'low') return { kind: 'self' };

  const playbookDigest = input.run.playbookDigest;
  if (playbookDigest === null)
    return {
      kind: 'deny',
      code: 'NO_PLAYBOOK',
      reason: 'This agent has no playbook, so it does nothing that needs a mandate.',
      requirement: null,
    };
  const delegator = await delegatorOf(ctx, input);
  if (delegator === null)
    return {
      kind: 'deny',
      code: 'NO_DEFAULT_PAYER',
      reason: 'You have no default payer marked, so there is no account to pay from.',
      requirement: null,
    };
  const delegate = await ctx.authority.harnessAgent();
  const nowSeconds = Math.floor(ctx.clock.now() / 1000);
  const requirement = buildRequirement({
    ...input,
    delegator,
    delegate,
    risk,
    nowSeconds,
    windowSeconds: ctx.settings.mandateWindowSeconds,
    playbookDigest,
  });
  const required = async (fresh: boolean): Promise<AuthorityDecision> => {
    const relation = await relationOf(ctx, input.asker, delegator);
    return { kind: 'authority-required', requirement, standing: { relation, canGrant: canGrant(relation) }, fresh };
  };

  const hash = input.suppliedMandate ?? (await keyringMandate(ctx, requirement));
  if (hash === null) return required(false);
  const verdict = await ctx.authority.verifyMandate({ hash, now: nowSeconds, binding: requirement.binding });
  const problem = bindingProblem(verdict, requirement, input, nowSeconds);
  if (problem !== null) return { kind: 'deny', ...problem, requirement };
  if (!verdict.ok)
    return { kind: 'deny', code: 'MANDATE_UNVERIFIED', reason: 'The mandate did not verify.', requirement };

  const ladder = await applyLadder(ctx, {
    capability: c,
    risk,
    requirement,
    asker: input.asker,
    approvals: input.approvals,
    issuedAt: verdict.issuedAt,
    nowSeconds,
  });
  switch (ladder.kind) {
    case 'deny':
      return { kind: 'deny', code: ladder.code, reason: ladder.reason, requirement };
    case 'fresh-required':
      return required(true);
    case 'approval-required':
      return {
        kind: 'approval-required',
        requirement,
        mandateHash: hash,
        approvalDigest: ladder.approvalDigest,
        approvers: ladder.approvers,
        quorum: ladder.quorum,
        have: ladder.have,
      };
    case 'none':
      return { kind: 'allow', requirement, mandateHash: hash, obligations: [] };
    case 'discharged': {
      // An approval is an input to the verifier, not a bypass of it: verify the mandate again, from scratch.
      const again = await ctx.authority.verifyMandate({ hash, now: nowSeconds, binding: requirement.binding });
      const after = bindingProblem(again, requirement, input, nowSeconds);
      if (after !== null) return { kind: 'deny', ...after, requirement };
      return { kind: 'allow', requirement, mandateHash: hash, obligations: ladder.obligations };
    }
  }
}

async function delegatorOf(ctx: HarnessContext, input: AuthorizeInput): Promise<Address | null> {
  switch (input.tool.capability.authority) {
    case 'addressee':
      return input.addressee;
    case 'person':
      return input.asker;
    case 'payer':
      return ctx.vault.payments.defaultPayer(input.asker);
    case 'organization': {
      const arg = input.tool.capability.args.find((a) => a.kind === 'organization');
      const value = arg === undefined ? undefined : input.args[arg.name];
      return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? (value as Address) : input.addressee;
    }
  }
}

/** The newest mandate in the keyring signed for exactly this binding, if any. */
async function keyringMandate(ctx: HarnessContext, requirement: Requirement): Promise<Hex | null> {
  const held = await ctx.authority.mandatesFor({
    delegator: requirement.delegator,
    delegate: requirement.delegate,
    capability: requirement.capability,
  });
  const match = held
    .filter((m) => m.bindingDigest === requirement.bindingDigest)
    .sort((a, b) => b.issuedAt - a.issuedAt)[0];
  return match?.hash ?? null;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What a verified mandate must say about this step beyond its binding (the port's verifier compared that, once:
 * src/protocol/intent-binding.ts): who gave it to whom, for which capability, its window, calls and payment caveats.
 */
export function bindingProblem(
  verdict: MandateVerdict,
  r: Requirement,
  input: Pick<AuthorizeInput, 'executing' | 'args' | 'run'>,
  nowSeconds: number,
): { code: string; reason: string } | null {
  if (!verdict.ok) return { code: verdict.code, reason: verdict.reason };
  if (!same(verdict.delegate, r.delegate))
    return { code: 'MANDATE_WRONG_DELEGATE', reason: 'The mandate was granted to another agent, not to this harness.' };
  if (!same(verdict.delegator, r.delegator))
    return {
      code: 'MANDATE_WRONG_DELEGATOR',
      reason: 'The mandate was signed by another account than the one this step acts for.',
    };
  if (verdict.capability !== r.capability)
    return {
      code: 'MANDATE_OTHER_CAPABILITY',
      reason: `The mandate grants ${verdict.capability}, not ${r.capability}.`,
    };
  if (verdict.caveats.notAfter < nowSeconds)
    return { code: 'MANDATE_EXPIRED', reason: 'The mandate’s time window has closed.' };
  if (!input.executing && verdict.callsUsed >= verdict.caveats.calls)
    return { code: 'MANDATE_EXHAUSTED', reason: 'The mandate has no calls left: it was already used.' };
  if (r.caveats.token !== undefined) {
    const max = verdict.caveats.maxAmount === undefined ? null : BigInt(verdict.caveats.maxAmount);
    const amount = usdcUnits(input.args.amount);
    if (max === null || amount === null || amount > max)
      return { code: 'MANDATE_AMOUNT', reason: 'The mandate does not cover this amount.' };
    if (
      verdict.caveats.recipient === undefined ||
      r.caveats.recipient === undefined ||
      !same(verdict.caveats.recipient, r.caveats.recipient)
    ) {
      return { code: 'MANDATE_RECIPIENT', reason: 'The mandate names another recipient.' };
    }
  }
  return null;
}
