import type { HarnessReply, PlannerTrace } from '../src/protocol/harness-reply';
import { RunStateSchema } from '../src/harness';
import type { World } from '../src/harness/testing';

/**
 * What the harness decided for one ask, read from its reply and its run checkpoint (through the vault port, as any
 * reader of the vault would): the plan's capabilities → route (one), several (two or more), clarify (ask.clarify,
 * with its options), decline (ask.unsupported, or no playbook). Reply kind and plannerTrace come along for the
 * figures. The decision is the harness's, whatever produced it: a compiled shape, the judge, a planner.
 */
export type Behaviour = 'route' | 'several' | 'clarify' | 'decline' | 'refused' | 'none' | 'error';
export type Decision = {
  behaviour: Behaviour;
  tools: string[];
  options: string[];
  reply: HarnessReply['kind'] | 'error';
  trace: PlannerTrace | null;
  error?: string;
};

const META = new Set(['ask.clarify', 'ask.unsupported']);

/** `reply` is null when the ask failed part-way: the decision is then read from the checkpoint alone. */
export async function decisionOf(world: World, runRef: string, reply: HarnessReply | null): Promise<Decision> {
  const raw = await world.harness().context.vault.runs.get(runRef);
  const state = RunStateSchema.safeParse(raw);
  const base = {
    reply: reply?.kind ?? ('error' as const),
    trace: reply?.plannerTrace ?? (state.success ? state.data.trace : null),
  };
  const steps = state.success ? (state.data.plan?.steps ?? []) : [];
  if (steps.length === 0) {
    if (reply?.kind === 'answer' && reply.interaction === 'unsupported')
      return { ...base, behaviour: 'decline', tools: [], options: [] };
    return {
      ...base,
      behaviour: reply === null ? 'error' : reply.kind === 'refused' ? 'refused' : 'none',
      tools: [],
      options: [],
    };
  }
  const first = steps[0]!;
  if (first.toolId === 'ask.clarify') {
    const options = Array.isArray(first.args.options)
      ? first.args.options.filter((o): o is string => typeof o === 'string')
      : [];
    return { ...base, behaviour: 'clarify', tools: [], options };
  }
  const tools = [...new Set(steps.map((s) => s.toolId).filter((id) => !META.has(id)))];
  if (tools.length === 0) return { ...base, behaviour: 'decline', tools: [], options: [] };
  return { ...base, behaviour: tools.length > 1 ? 'several' : 'route', tools, options: [] };
}
