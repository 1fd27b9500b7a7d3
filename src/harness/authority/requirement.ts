import { getAddress, parseUnits, type Hex } from 'viem';
import { digestOf } from '../../protocol/digest';
import type { IntentBinding, MandateCaveats, Requirement } from '../../protocol/harness-reply';
import type { Risk } from '../kernel/ontology-view';
import type { Address } from '../kernel/ports';
import type { Tool } from '../tools/tools';

/**
 * The exact requirement a step puts before the person (seed 001 step 8.3): the intent binding the mandate must
 * carry inside what is signed, its digest, the delegator and delegate, and the caveats that limit it. "Bind consent
 * to the bytes": the popup shows this, the wallet signs digestOf(binding), the verifier checks the same digest.
 */
export type RunBinding = {
  runRef: string;
  /** digestOf({ runRef, intentDigest, plan }): binds the run and its intent through the plan. */
  planDigest: Hex;
  ontologyDigest: Hex;
  playbookDigest: Hex | null;
  words: string;
};

export const USDC_DECIMALS = 6;

/** A decimal USDC amount in base units, or null when it is not one. */
export function usdcUnits(amount: unknown): bigint | null {
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  try {
    const units = parseUnits(String(amount).replace(/,/g, ''), USDC_DECIMALS);
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}

export function buildRequirement(input: {
  run: RunBinding;
  stepRef: string;
  tool: Tool;
  args: Record<string, unknown>;
  argSources: Record<string, string>;
  delegator: Address;
  delegate: Address;
  risk: Risk;
  nowSeconds: number;
  windowSeconds: number;
  /** The playbook digest (an act needs a playbook: the bare harness offers none). */
  playbookDigest: Hex;
}): Requirement {
  const c = input.tool.capability;
  const binding: IntentBinding = {
    planDigest: input.run.planDigest,
    stepRef: input.stepRef,
    argsDigest: digestOf(input.args),
    ontologyDigest: input.run.ontologyDigest,
    playbookDigest: input.playbookDigest,
    capabilityId: c.id,
  };
  const caveats: MandateCaveats = { calls: 1, notAfter: input.nowSeconds + input.windowSeconds };
  if (c.onChain !== undefined) {
    const units = usdcUnits(input.args.amount);
    caveats.token = 'usdc';
    if (units !== null) caveats.maxAmount = units.toString();
    if (typeof input.args.recipient === 'string') caveats.recipient = getAddress(input.args.recipient);
  }
  return {
    runRef: input.run.runRef,
    stepRef: input.stepRef,
    toolId: input.tool.id,
    capability: c.id,
    args: input.args,
    binding,
    bindingDigest: digestOf(binding),
    delegator: input.delegator,
    delegate: input.delegate,
    caveats,
    risk: input.risk,
    derivation: { words: input.run.words.slice(0, 4000), argSources: input.argSources },
    ...(input.risk === 'critical' ? { freshSeconds: c.freshSeconds ?? 300 } : {}),
  };
}

/** What a second party co-signs (DESIGN §3): the step's exact binding, so an approval cannot be moved to another act. */
export const approvalDigestOf = (requirement: Requirement): Hex =>
  digestOf({
    kind: 'home-agent.approval.v1',
    bindingDigest: requirement.bindingDigest,
    delegator: requirement.delegator,
    capability: requirement.capability,
  });
