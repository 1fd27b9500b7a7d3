import type { HarnessContext } from '../kernel/context';
import { redeemPayment } from './chain-acts';
import { localActFor } from './local-acts';
import { consultOutsideAgent } from './outside-agent';
import { readFor } from './reads';
import { readRefused } from '../doors/read-scope';
import { applyInstructionSkill } from './skill-apply';
import type { ExecInput, StepFailure, StepResult } from './step-result';

/**
 * Invoke (seed 001 step 9.2): local reads and acts against the vault, payments on the chain, instruction skills
 * through the model, outside agents over A2A. A tool with no executor here is refused, never guessed at.
 */
export async function invokeTool(ctx: HarnessContext, input: ExecInput): Promise<StepResult | StepFailure> {
  const c = input.tool.capability;
  switch (c.executor) {
    case 'instruction-skill':
      return applyInstructionSkill(ctx, input);
    case 'outside-agent':
      return consultOutsideAgent(ctx, input);
    case 'chain':
      if (c.informational) break;
      return redeemPayment(ctx, input);
    case 'template':
    case 'local':
      break;
  }
  const read = readFor(c.id, c.folder);
  if (read !== undefined) return readRefused(ctx, c.id, input.args) ?? read(ctx, input);
  const act = localActFor(c.id);
  if (act !== undefined && !c.informational) {
    const record = act.recordOf(input, ctx.clock.now());
    await ctx.vault.records.put(record);
    return {
      text: act.done(input),
      value: record.data,
      source: 'vault',
      observation: 'committed',
      reconciled: false,
      templated: true,
    };
  }
  return {
    failed: true,
    code: 'NO_EXECUTOR',
    reason: `This Home has no way to run ${c.label || c.id} yet; nothing was done.`,
  };
}
