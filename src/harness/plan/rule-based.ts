import { mentions, numbersIn } from '../ground/words';
import type { Grounding } from '../ground/ground';
import type { TypedReading } from '../ground/reading';
import type { Tool, ToolIndex } from '../tools/tools';
import type { Plan, PlanStep } from './plan-schema';

/**
 * The rule-based planner: what plans when no model is configured (seed 001 step 5). It scores each offered tool by
 * the declared terms the words name and takes a single clear winner; two tied tools become ask.clarify between
 * exactly those; nothing named is ask.unsupported. It fills only what the words plainly carry (the one number
 * said for an amount, the sentence for a question) and leaves every party to be asked for.
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
  const scored = [...input.tools.values()]
    .filter((t) => t.capability.kind !== 'meta')
    // A question never acts: only what reads or answers may answer it.
    .filter((t) => g === undefined || g.act !== 'question' || t.capability.informational)
    .filter((t) => !unsaidVerb || t.skill !== null)
    .map((t) => ({ tool: t, score: scoreOf(t, input.words) + (question && t.capability.informational ? 0.5 : 0) }))
    .filter((s) => s.score >= 1)
    .sort((a, b) => b.score - a.score || (a.tool.id < b.tool.id ? -1 : 1));
  const [first, second] = scored;
  if (first === undefined)
    return {
      steps: [{ toolId: 'ask.unsupported', args: { question: input.words } }],
      rationale: 'rule-based: nothing offered is named',
    };
  if (second !== undefined && second.score === first.score) {
    return {
      steps: [{ toolId: 'ask.clarify', args: { question: input.words, options: [first.tool.id, second.tool.id] } }],
      rationale: 'rule-based: two tools tie',
    };
  }
  return { steps: [stepFor(first.tool, input.words)], rationale: `rule-based: ${first.tool.id} named by its terms` };
}

const scoreOf = (t: Tool, words: string) =>
  [...t.capability.terms, ...(t.skill?.covers ?? [])].filter((term) => mentions(words, term)).length;

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
