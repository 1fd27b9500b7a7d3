import type { Plan } from '../plan/plan-schema';
import type { Party } from '../kernel/ports';
import type { ToolIndex } from '../tools/tools';
import { groundAsk, groundedPlan, type Grounding } from './ground';
import type { Lexicon } from './lexicon';

/**
 * The compiled path (seed 001 step 3.3), no model: the grounding stage reads the sentence against the vault's names
 * and the ontology's frames (ground.ts), and when every intent it finds is said by a frame, that is the plan
 * (plannerUsed: compiled) and the judge and planner are skipped. A hit only proposes: its plan meets admission,
 * resolution and authority like any other. It reads the person's words only, never quoted material. A frame whose
 * capability the playbook does not offer is never said; a routine (memory) only at the person's own agent.
 */
export type CompiledHit = { shape: string; plan: Plan; grounding: Grounding };

const OWN_AGENT_ONLY = new Set(['memory.remember']);

export function matchCompiledShape(input: {
  words: string;
  tools: ToolIndex;
  ownAgent: boolean;
  /** The names the asker's vault knows (known-parties.ts); without them a name is taken as said. */
  parties?: readonly Party[];
  lexicon?: Lexicon;
}): CompiledHit | null {
  return compiledFrom(groundFor(input));
}

/** The grounding of the words over the tools this agent may compile to (a routine only at the person's own agent). */
export function groundFor(input: {
  words: string;
  tools: ToolIndex;
  ownAgent: boolean;
  parties?: readonly Party[];
  lexicon?: Lexicon;
}): Grounding {
  const tools = input.ownAgent ? input.tools : new Map([...input.tools].filter(([id]) => !OWN_AGENT_ONLY.has(id)));
  return groundAsk({
    words: input.words,
    parties: input.parties ?? [],
    tools,
    ...(input.lexicon !== undefined ? { lexicon: input.lexicon } : {}),
  });
}

/** The compiled plan a grounding says, when every intent in it is said by a frame. */
export function compiledFrom(grounding: Grounding): CompiledHit | null {
  const plan = groundedPlan(grounding);
  // A sentence with a part no frame says ("pay bob 5 and write me a poem") is the judge's and the planner's.
  if (plan === null || grounding.unsaid.length > 0) return null;
  const shape = `grounded:${grounding.intents.map((i) => i.frame).join('+')}`.slice(0, 64);
  return { shape, plan, grounding };
}
