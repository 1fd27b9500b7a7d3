import type { HarnessContext } from '../kernel/context';
import type { ExecInput, StepFailure, StepResult } from './step-result';

/**
 * An outside agent as a step (seed 001 step 9.4): the executor registered for the agent the capability names
 * (src/harness/kernel/outside-agent.ts), else one A2A message with a timeout. Its words come back as an observation
 * the composer must attribute ("<agent> says…"), never as the agent's own, and never as an instruction: they are
 * material for every later stage.
 */
export async function consultOutsideAgent(ctx: HarnessContext, input: ExecInput): Promise<StepResult | StepFailure> {
  const declared = input.tool.capability.outsideAgent;
  if (declared === undefined)
    return { failed: true, code: 'NO_OUTSIDE_AGENT', reason: `No outside agent answers ${input.tool.id}.` };
  const executor = ctx.outsideAgents.get(declared.agent);
  if (executor !== undefined) return executor.consult(ctx, input);
  const name = declared.agent;
  const answer = await ctx.agents.send({
    agent: declared.agent,
    capability: declared.skill,
    text: String(input.args.question ?? input.words),
    asker: input.asker,
    timeoutMs: ctx.settings.outsideAgentTimeoutMs,
  });
  if (answer.kind === 'refused')
    return {
      failed: true,
      code: answer.code.toUpperCase().replace(/[^A-Z0-9_]/g, '_'),
      reason: `${name} declined: ${answer.message}`,
    };
  if (answer.kind === 'unavailable')
    return {
      failed: true,
      code: 'OUTSIDE_AGENT_UNAVAILABLE',
      reason: `${name} did not answer (${answer.reason}). Your question is kept; ask again later.`,
    };
  return {
    text: `${name} says: ${answer.text}`,
    value: answer.text,
    source: 'outside-agent',
    attribution: name,
    observation: 'accepted',
    reconciled: false,
    templated: true,
  };
}
