import { numbersIn } from '../ground/words';
import type { Grounding } from '../ground/ground';
import type { TypedReading } from '../ground/reading';
import type { Tool, ToolIndex } from '../tools/tools';
import { clausesOf, namedBy, type Named } from './named';
import type { Plan, PlanStep } from './plan-schema';

/**
 * The rule-based planner: what plans when no model is configured (seed 001 step 5). It weighs each offered tool by
 * the declared terms the words say (a phrase of several words names a tool more plainly than one word) and takes a
 * single clear winner. Two tools each named by words of their own — words the other's own description does not use
 * — are two readings, and become ask.clarify between exactly those; so do two tools tied. Clauses that each name
 * a different tool ("write the letter, and then put it on the tracker") are a plan of several steps, in the order
 * said. Nothing named is ask.unsupported. It fills only what the words plainly carry (the one number said for an
 * amount, the sentence for a question) and leaves every party to be asked for.
 */
export function ruleBasedPlan(input: {
  words: string;
  tools: ToolIndex;
  reading: TypedReading;
  grounding?: Grounding;
}): Plan {
  const g = input.grounding;
  const question = g !== undefined ? g.act === 'question' : /\?\s*$/.test(input.words);
  // An ask opening on a verb that no frame said here ("delete all my contacts", "send an email to bob") asks for
  // something the playbook's acts do not do, whatever nouns it shares with them; an instruction skill may still.
  const unsaidVerb = g !== undefined && g.act === 'request' && g.intents.length === 0 && g.leadVerb !== null;
  const offered = [...input.tools.values()]
    .filter((t) => t.capability.kind !== 'meta')
    // A question never acts: only what reads or answers may answer it.
    .filter((t) => g === undefined || g.act !== 'question' || t.capability.informational)
    // A verb that leads reads ("show my readings") still asks for what reads.
    .filter((t) => !unsaidVerb || t.skill !== null || (g.leadReads && t.capability.informational));
  const several = severalOf(input.words, offered, question);
  if (several !== null)
    return {
      steps: several.map((t) => stepFor(t, input.words)),
      rationale: `rule-based: ${several.map((t) => t.id).join(' then ')}, one clause each`,
    };
  const decided = decide(namedBy(input.words, offered, question));
  if (decided.kind === 'none')
    return {
      steps: [{ toolId: 'ask.unsupported', args: { question: input.words } }],
      rationale: 'rule-based: nothing offered is named',
    };
  if (decided.kind === 'two')
    return {
      steps: [{ toolId: 'ask.clarify', args: { question: input.words, options: decided.options } }],
      rationale: 'rule-based: two tools are named, each by words of its own',
    };
  return {
    steps: [stepFor(decided.tool, input.words)],
    rationale: `rule-based: ${decided.tool.id} named by its terms`,
  };
}

type Decided = { kind: 'none' } | { kind: 'two'; options: [string, string] } | { kind: 'one'; tool: Tool };

function decide(named: readonly Named[]): Decided {
  const [first, second] = named;
  if (first === undefined) return { kind: 'none' };
  if (second !== undefined && (second.weight === first.weight || (first.own(second) && second.own(first))))
    return { kind: 'two', options: [first.tool.id, second.tool.id] };
  return { kind: 'one', tool: first.tool };
}

/** Two or more clauses, each naming one tool clearly, different tools in turn: those tools in the order said. */
function severalOf(words: string, offered: readonly Tool[], question: boolean): Tool[] | null {
  const clauses = clausesOf(words);
  if (clauses.length < 2) return null;
  const tools: Tool[] = [];
  for (const clause of clauses) {
    const decided = decide(namedBy(clause, offered, question));
    if (decided.kind === 'two') return null;
    if (decided.kind === 'one' && tools[tools.length - 1] !== decided.tool) tools.push(decided.tool);
  }
  return tools.length >= 2 && new Set(tools).size === tools.length ? tools : null;
}

/** A single step for a tool, with only what the words plainly carry. */
export function stepFor(tool: Tool, words: string): PlanStep {
  const args: PlanStep['args'] = {};
  const numbers = [...numbersIn(words)];
  for (const a of tool.capability.args) {
    if ((a.kind === 'question' || a.kind === 'text') && a.required) args[a.name] = words;
    if ((a.kind === 'amount' || a.kind === 'count' || a.kind === 'dose') && numbers.length === 1)
      args[a.name] = numbers[0]!;
  }
  return { toolId: tool.id, args };
}
