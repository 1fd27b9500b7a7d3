import { getAddress, type Hex } from 'viem';
import { usdcUnits } from '../authority/requirement';
import type { Prepared } from '../authority/authorize-stage';
import type { AdmittedEnv } from '../kernel/run-env';
import type { SpecialistExecutor } from '../kernel/specialist';
import type { ExecInput, StepFailure, StepResult } from './step-result';

/** Who a step was handed to, as its receipt records it. */
export type HandedTo = { executor: string; address: `0x${string}`; childMandateHash: Hex };

/**
 * The specialist a step goes to: the plan's `executor` when it names one, else the one registered for the step's
 * capability — in both cases only a specialist the playbook lists (admission refuses any other `executor`), and only
 * for a step that acts under a mandate the person signed.
 */
export function specialistFor(env: AdmittedEnv, p: Prepared): SpecialistExecutor | null {
  if (p.decision.kind !== 'allow') return null;
  const listed = env.playbook?.specialists ?? [];
  const named = p.planStep.executor;
  const candidates = named !== undefined ? [env.ctx.specialists.get(named)] : [...env.ctx.specialists.values()];
  return candidates.find((s) => s !== undefined && listed.includes(s.id) && s.capability === p.tool.id) ?? null;
}

/**
 * Step 9.2's hand-off: the authority port derives a child mandate from the step's mandate for the specialist's key —
 * authority = the parent's hash, narrowed to exactly this step's amount and recipient, one call — and the
 * specialist acts under it. The person's mandate never leaves the harness; the specialist holds only the child, and
 * revoking the parent voids it on chain.
 */
export async function handOffStep(
  env: AdmittedEnv,
  specialist: SpecialistExecutor,
  input: ExecInput & { mandateHash: Hex },
): Promise<{ result: StepResult | StepFailure; handedTo: HandedTo | null }> {
  const { ctx } = env;
  const units = usdcUnits(input.args.amount);
  const recipient = typeof input.args.recipient === 'string' ? getAddress(input.args.recipient) : undefined;
  const child = await ctx.authority.handOff({
    mandateHash: input.mandateHash,
    delegate: specialist.address,
    narrowing: {
      calls: 1,
      ...(units !== null ? { maxAmount: units.toString() } : {}),
      ...(recipient !== undefined ? { recipient } : {}),
    },
  });
  if (!child.ok) return { result: { failed: true, code: child.code, reason: child.reason }, handedTo: null };
  ctx.trace.event({
    type: 'harness.step.handed-off',
    runRef: input.runRef,
    stepRef: input.stepRef,
    at: ctx.clock.now(),
    detail: { executor: specialist.id, childMandateHash: child.childHash, parentMandateHash: child.parentHash },
  });
  const result = await specialist.run(
    { clock: ctx.clock },
    { ...input, handOff: { childHash: child.childHash, parentHash: child.parentHash, credential: child.credential } },
  );
  return { result, handedTo: { executor: specialist.id, address: child.delegate, childMandateHash: child.childHash } };
}
