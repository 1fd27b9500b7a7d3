import type { Tool, ToolIndex } from '../tools/tools';

/**
 * Plans around a chosen skill through the outcome graph (seed 001 step 5): the pick alone, a producer → the pick,
 * the pick → a consumer. The graph is the ontology's produces / consumes between the offered skills. A class the
 * request supplies (its words name it) or the asker already holds needs nothing; one another skill produces
 * prepends that skill; anything else is missing and named — "ask for it rather than invent it". Depth 3, four steps.
 */
export type PlanAround = { id: string; tools: string[]; missing: string[] };

const MAX_STEPS = 4;
const MAX_DEPTH = 3;
const producesOf = (t: Tool) => t.skill?.produces ?? t.capability.produces;
const consumesOf = (t: Tool) => t.skill?.consumes ?? t.capability.consumes;

/** Producers prepended, depth-first, for every input the pick lacks; returns the chain ending at the pick. */
function withProducers(
  pick: Tool,
  tools: Tool[],
  supplied: ReadonlySet<string>,
  depth: number,
  missing: string[],
): string[] {
  const chain: string[] = [];
  for (const cls of consumesOf(pick)) {
    if (supplied.has(cls)) continue;
    const producer = depth < MAX_DEPTH ? tools.find((t) => t.id !== pick.id && producesOf(t).includes(cls)) : undefined;
    if (producer === undefined) {
      missing.push(cls);
      continue;
    }
    for (const id of withProducers(producer, tools, supplied, depth + 1, missing))
      if (!chain.includes(id)) chain.push(id);
  }
  chain.push(pick.id);
  return chain;
}

export function plansAround(input: { pick: Tool; tools: ToolIndex; supplied: ReadonlySet<string> }): PlanAround[] {
  const skills = [...input.tools.values()].filter((t) => t.skill !== null);
  const anyConsumes = skills.some((t) => consumesOf(t).length > 0);
  if (!anyConsumes) return [{ id: 'alone', tools: [input.pick.id], missing: [] }];

  const aloneMissing = consumesOf(input.pick).filter((c) => !input.supplied.has(c));
  const options: PlanAround[] = [{ id: 'alone', tools: [input.pick.id], missing: aloneMissing }];

  const missing: string[] = [];
  const before = withProducers(input.pick, skills, input.supplied, 0, missing);
  if (before.length > 1 && before.length <= MAX_STEPS)
    options.push({ id: `before:${before[0]}`, tools: before, missing });

  for (const consumer of skills) {
    if (consumer.id === input.pick.id) continue;
    if (!consumesOf(consumer).some((c) => producesOf(input.pick).includes(c))) continue;
    const consumerMissing = consumesOf(consumer).filter(
      (c) => !input.supplied.has(c) && !producesOf(input.pick).includes(c),
    );
    options.push({
      id: `after:${consumer.id}`,
      tools: [input.pick.id, consumer.id],
      missing: [...aloneMissing, ...consumerMissing],
    });
  }
  return options;
}
