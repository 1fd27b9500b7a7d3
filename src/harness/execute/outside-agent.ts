import type { HarnessContext } from '../kernel/context';
import { consultHeartCoach, HEARTCOACH } from './coach-consult';
import type { ExecInput, StepFailure, StepResult } from './step-result';

/**
 * An outside agent as a step (seed 001 step 9.4, spec 379): one A2A message with a timeout; its words come back as
 * an observation the composer must attribute ("HeartCoach says…"), never as the agent's own, and never as an
 * instruction: they are material for every later stage.
 */
const NAMES: Record<string, string> = { heartcoach: 'HeartCoach' };

export async function consultOutsideAgent(ctx: HarnessContext, input: ExecInput): Promise<StepResult | StepFailure> {
  const declared = input.tool.capability.outsideAgent;
  if (declared === undefined)
    return { failed: true, code: 'NO_OUTSIDE_AGENT', reason: `No outside agent answers ${input.tool.id}.` };
  // HeartCoach's consultation carries the granted cabinet and answers in its own shape (coach-consult.ts).
  if (declared.agent === HEARTCOACH.id) return consultHeartCoach(ctx, input);
  const agent = { id: declared.agent, name: NAMES[declared.agent] ?? declared.agent };
  const answer = await ctx.agents.send({
    agent: agent.id,
    capability: declared.skill,
    text: String(input.args.question ?? input.words),
    asker: input.asker,
    timeoutMs: ctx.settings.outsideAgentTimeoutMs,
  });
  if (answer.kind === 'refused')
    return {
      failed: true,
      code: answer.code.toUpperCase().replace(/[^A-Z0-9_]/g, '_'),
      reason: `${agent.name} declined: ${answer.message}`,
    };
  if (answer.kind === 'unavailable')
    return {
      failed: true,
      code: 'OUTSIDE_AGENT_UNAVAILABLE',
      reason: `${agent.name} did not answer (${answer.reason}). Your question is kept; ask again later.`,
    };
  return {
    text: `${agent.name} says: ${answer.text}`,
    value: answer.text,
    source: 'outside-agent',
    attribution: agent.name,
    observation: 'accepted',
    reconciled: false,
    templated: true,
  };
}
