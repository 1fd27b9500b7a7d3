import type { HarnessReply, PlannerTrace } from '../src/protocol/harness-reply';
import { RunStateSchema } from '../src/harness';
import type { World } from '../src/harness/testing';

/**
 * What the harness decided for one ask, read from its reply and its run checkpoint (through the vault port, as any
 * reader of the vault would): the plan's capabilities → route (one), several (two or more), clarify (ask.clarify,
 * with its options), decline (ask.unsupported, or no playbook), help (the help answer: what this agent can do). The
 * plan's steps and what the reply puts before the person (the requirement and its parties, the prompt, the words)
 * come along: a case is scored on what reaches the person, not only on the capability planned.
 */
export type Behaviour = 'route' | 'several' | 'clarify' | 'decline' | 'help' | 'refused' | 'none' | 'error';
export type DecidedStep = { toolId: string; args: Record<string, unknown>; forEach?: unknown };
export type Decision = {
  behaviour: Behaviour;
  tools: string[];
  options: string[];
  reply: HarnessReply['kind'] | 'error';
  trace: PlannerTrace | null;
  error?: string;
  steps?: DecidedStep[];
  /** The words the reply says (its text, or what it speaks). */
  says?: string;
  /** authority_required: the capability to be signed for, its arguments and the parties the words became. */
  requirement?: { capability: string; args: Record<string, unknown>; parties: { arg: string; word: string }[] };
  /** The answer was ask.unsupported's fixed sentence. */
  unsupported?: boolean;
};

const META = new Set(['ask.clarify', 'ask.unsupported', 'ask.help']);

function seen(reply: HarnessReply | null): Pick<Decision, 'says' | 'requirement' | 'unsupported'> {
  if (reply === null) return {};
  const says = [
    reply.spoken,
    reply.kind === 'answer' ? reply.text : '',
    reply.kind === 'prompt' ? reply.prompt.text : '',
    reply.kind === 'done' ? reply.result.text : '',
    reply.kind === 'waiting' ? reply.text : '',
  ].join('\n');
  if (reply.kind === 'authority_required')
    return {
      says,
      requirement: {
        capability: reply.capability,
        args: reply.requirement.args,
        parties: reply.parties.map((p) => ({ arg: p.arg, word: p.word })),
      },
    };
  return { says, unsupported: reply.kind === 'answer' && reply.interaction === 'unsupported' };
}

/** `reply` is null when the ask failed part-way: the decision is then read from the checkpoint alone. */
export async function decisionOf(world: World, runRef: string, reply: HarnessReply | null): Promise<Decision> {
  const raw = await world.harness().context.vault.runs.get(runRef);
  const state = RunStateSchema.safeParse(raw);
  const base = {
    reply: reply?.kind ?? ('error' as const),
    trace: reply?.plannerTrace ?? (state.success ? state.data.trace : null),
    ...seen(reply),
  };
  const steps = state.success ? (state.data.plan?.steps ?? []) : [];
  const decided = steps.map((s) => ({
    toolId: s.toolId,
    args: s.args as Record<string, unknown>,
    ...(s.forEach !== undefined ? { forEach: s.forEach } : {}),
  }));
  if (steps.length === 0) {
    if (reply?.kind === 'answer' && reply.interaction === 'help')
      return { ...base, behaviour: 'help', tools: [], options: [], steps: decided };
    if (reply?.kind === 'answer' && reply.interaction === 'unsupported')
      return { ...base, behaviour: 'decline', tools: [], options: [], steps: decided };
    return {
      ...base,
      behaviour: reply === null ? 'error' : reply.kind === 'refused' ? 'refused' : 'none',
      tools: [],
      options: [],
      steps: decided,
    };
  }
  const first = steps[0]!;
  if (first.toolId === 'ask.clarify') {
    const options = Array.isArray(first.args.options)
      ? first.args.options.filter((o): o is string => typeof o === 'string')
      : [];
    return { ...base, behaviour: 'clarify', tools: [], options, steps: decided };
  }
  if (first.toolId === 'ask.help') return { ...base, behaviour: 'help', tools: [], options: [], steps: decided };
  const tools = [...new Set(steps.map((s) => s.toolId).filter((id) => !META.has(id)))];
  if (tools.length === 0) return { ...base, behaviour: 'decline', tools: [], options: [], steps: decided };
  return { ...base, behaviour: tools.length > 1 ? 'several' : 'route', tools, options: [], steps: decided };
}
